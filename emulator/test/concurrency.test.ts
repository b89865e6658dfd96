/**
 * Many clients at once: 200 sign-ups in parallel, then 200 sign-ins in
 * parallel (a quarter SRP by cognito-srp-helper, the rest USER_PASSWORD_AUTH) mixed with
 * wrong passwords. Every user must exist, every sign-in must get that user's
 * own tokens, and every wrong password must be refused.
 */
import { AdminConfirmSignUpCommand, InitiateAuthCommand, ListUsersCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, useEmulator } from './harness.ts';

const pool = useEmulator();
const USERS = 200;

describe('concurrency', () => {
  it(`signs up ${USERS} users at once and signs them all in at once, losing none and mixing none up`, { timeout: 180_000 }, async () => {
    const prefix = `load${Date.now().toString(36)}`;
    const emails = Array.from({ length: USERS }, (_, i) => `${prefix}.${i}@example.com`);

    const signUps = await Promise.allSettled(
      emails.map((Username) => pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username, Password: PASSWORD }))),
    );
    expect(signUps.filter((result) => result.status === 'rejected')).toEqual([]);
    const subs = new Set(signUps.map((result) => (result as PromiseFulfilledResult<{ UserSub?: string }>).value.UserSub));
    expect(subs.size).toBe(USERS);
    await Promise.all(emails.map((Username) => pool.sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.poolId, Username }))));

    const listed: string[] = [];
    let PaginationToken: string | undefined;
    do {
      const page = await pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, Filter: `email ^= "${prefix}."`, PaginationToken }));
      listed.push(...page.Users!.map((user) => user.Attributes!.find((a) => a.Name === 'email')!.Value!));
      PaginationToken = page.PaginationToken;
    } while (PaginationToken);
    expect(listed.sort()).toEqual([...emails].sort());

    const signIn = (email: string, index: number) =>
      index % 4 === 0
        ? pool.srpSignIn(email)
        : pool.sdk.send(
            new InitiateAuthCommand({
              ClientId: pool.clientId,
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: email, PASSWORD },
            }),
          );
    const wrong = (email: string) =>
      pool.sdk.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'Wrong-passw0rd' },
        }),
      );
    const [rights, wrongs] = await Promise.all([
      Promise.allSettled(emails.map(signIn)),
      Promise.allSettled(emails.filter((_, i) => i % 3 === 0).map(wrong)),
    ]);

    const mixedUp = rights.filter((result, i) => {
      if (result.status === 'rejected') return true;
      const id = claims(result.value.AuthenticationResult!.IdToken!);
      return id.email !== emails[i];
    });
    expect(mixedUp).toEqual([]);
    expect(wrongs.every((result) => result.status === 'rejected' && (result.reason as Error).name === 'NotAuthorizedException')).toBe(true);
  });
});
