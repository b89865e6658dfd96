/**
 * What every emulator test file shares: its own emulator (in memory, on a free
 * port), an AWS SDK client pointed at it, and cognito-srp-helper — an SRP
 * client written by someone else — for sign-ins, so the emulator's SRP is
 * checked against an independent implementation.
 */
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
  type InitiateAuthCommandOutput,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../src/server.ts';

export const PASSWORD = 'Sup3r-secret!';

export interface OutboxMessage {
  to: string;
  kind: string;
  code: string;
  at: string;
}

let counter = 0;
export const newEmail = (label = 'emu') => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;

/** The error a promise rejects with; fails the test when it resolves. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (error: Error) => error,
  );

export function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** RFC 6238 written again here, apart from the emulator's, so the two check each other. */
export function totp(secretBase32: string, epochMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export type Pool = ReturnType<typeof poolHelpers> & { emulator: Emulator };

/** Helpers for an emulator that is already running (an in-process one, or a child process by its URL). */
export function poolHelpers(emulator: Pick<Emulator, 'url' | 'config'>) {
  // Admin calls are SigV4-signed; the emulator accepts any signature, so any credentials do.
  // One attempt only: the tests look at each answer, not at the SDK's retries.
  const sdk = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: emulator.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  const clientId = emulator.config.userPoolClientId;
  const poolId = emulator.config.userPoolId;

  async function control<T = unknown>(path: string, method = 'GET', body?: unknown): Promise<T> {
    // Control POSTs and DELETEs must be JSON, body or not.
    const response = await fetch(`${emulator.url}/_emulator/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /_emulator/${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  const helpers = {
    sdk,
    clientId,
    poolId,
    url: emulator.url,
    control,
    async outbox(to: string): Promise<OutboxMessage[]> {
      return control(`outbox?to=${encodeURIComponent(to)}`);
    },
    async lastCode(to: string, kind?: string): Promise<string> {
      const messages = (await helpers.outbox(to)).filter((m) => kind === undefined || m.kind === kind);
      const last = messages.at(-1);
      if (!last) throw new Error(`No ${kind ?? ''} message reached ${to}.`);
      return last.code;
    },
    /** Moves the emulator's clock forward. */
    async advance(ms: number) {
      await control('clock', 'POST', { advanceMs: ms });
    },
    async now(): Promise<number> {
      return (await control<{ now: number }>('clock')).now;
    },
    async raw(target: string | undefined, body: string, headers: Record<string, string> = {}) {
      const response = await fetch(emulator.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', ...(target ? { 'x-amz-target': target } : {}), ...headers },
        body,
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as { __type?: string; message?: string } };
    },
    async signUp(email = newEmail(), password = PASSWORD) {
      await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password }));
      return email;
    },
    /** A confirmed user whose e-mail is not verified (as after AdminConfirmSignUp). */
    async confirmedUser(email = newEmail(), password = PASSWORD) {
      await helpers.signUp(email, password);
      await sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: email }));
      return email;
    },
    /** A confirmed user with a verified e-mail, made with admin calls as QA would. */
    async verifiedUser(email = newEmail(), password = PASSWORD, attributes: Record<string, string> = {}) {
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: Object.entries({ email_verified: 'true', ...attributes }).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
      await sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }));
      return email;
    },
    /** The first step of USER_SRP_AUTH, by cognito-srp-helper. */
    async startSrp(
      email: string,
      password: string,
      options: { clientId?: string; parameters?: Record<string, string>; flow?: 'USER_SRP_AUTH' | 'CUSTOM_AUTH' } = {},
    ) {
      const session = createSrpSession(email, password, poolId, false);
      const started = await sdk.send(
        new InitiateAuthCommand(
          wrapInitiateAuth(session, {
            ClientId: options.clientId ?? clientId,
            AuthFlow: options.flow ?? 'USER_SRP_AUTH',
            AuthParameters: { USERNAME: email, ...options.parameters },
          }),
        ),
      );
      return { session, started };
    },
    /** A full USER_SRP_AUTH sign-in: the answer to PASSWORD_VERIFIER (tokens or the next challenge). */
    async srpSignIn(
      email: string,
      password = PASSWORD,
      options: {
        clientId?: string;
        parameters?: Record<string, string>;
        responses?: Record<string, string>;
        flow?: 'USER_SRP_AUTH' | 'CUSTOM_AUTH';
      } = {},
    ): Promise<RespondToAuthChallengeCommandOutput> {
      const { session, started } = await helpers.startSrp(email, password, options);
      expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
      return helpers.answerPasswordVerifier(session, started, options);
    },
    async answerPasswordVerifier(
      session: ReturnType<typeof createSrpSession>,
      started: InitiateAuthCommandOutput,
      options: { clientId?: string; responses?: Record<string, string> } = {},
    ) {
      const signed = signSrpSession(session, started);
      return sdk.send(
        new RespondToAuthChallengeCommand(
          wrapAuthChallenge(signed, {
            ClientId: options.clientId ?? clientId,
            ChallengeName: 'PASSWORD_VERIFIER',
            Session: started.Session,
            ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ...options.responses },
          }),
        ),
      );
    },
    /** Signs in and expects tokens straight away. */
    async tokens(email: string, password = PASSWORD) {
      const answer = await helpers.srpSignIn(email, password);
      expect(answer.ChallengeName).toBeUndefined();
      return answer.AuthenticationResult!;
    },
    /**
     * A verified user with an authenticator app as their preferred second factor, set up while the pool still lets
     * them sign in without one: their e-mail and the app's secret.
     */
    async totpUser(email?: string) {
      const user = await helpers.verifiedUser(email);
      const { AccessToken } = await helpers.tokens(user);
      const { SecretCode } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
      await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totp(SecretCode!, await helpers.now()) }));
      await sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
      return { email: user, secret: SecretCode! };
    },
    async respond(ChallengeName: string, Session: string | undefined, ChallengeResponses: Record<string, string>, ClientId = clientId) {
      return sdk.send(new RespondToAuthChallengeCommand({ ClientId, ChallengeName: ChallengeName as never, Session, ChallengeResponses }));
    },
  };
  return helpers;
}

/** Starts an emulator for the test file and stops it afterwards. */
export function useEmulator(options: EmulatorOptions = {}): Pool {
  const pool = {} as Pool;
  beforeAll(async () => {
    // Every request's changes are replayed from the journal and compared with the live state.
    const emulator = await createEmulator({ port: 0, verifyJournal: true, ...options });
    Object.assign(pool, poolHelpers(emulator), { emulator });
  });
  afterAll(() => pool.emulator.close());
  return pool;
}
