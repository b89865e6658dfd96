import {
  AdminGetUserCommand,
  ChangePasswordCommand,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const signUp = (Username: string, Password = PASSWORD, extra: object = {}) =>
  pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username, Password, ...extra }));
const confirm = (Username: string, ConfirmationCode: string) =>
  pool.sdk.send(new ConfirmSignUpCommand({ ClientId: pool.clientId, Username, ConfirmationCode }));
const resend = (Username: string) => pool.sdk.send(new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username }));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('SignUp', () => {
  it("enforces the password policy with Cognito's wording", async () => {
    const attempt = (password: string) => failure(signUp(newEmail(), password));
    expect(await attempt('Sh0rt!')).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect(await attempt('nouppercase1!')).toMatchObject({
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    expect(await attempt('NOLOWERCASE1!')).toMatchObject({
      message: 'Password did not conform with policy: Password must have lowercase characters',
    });
    expect(await attempt('NoNumbers!!')).toMatchObject({
      message: 'Password did not conform with policy: Password must have numeric characters',
    });
    expect(await attempt('NoSymbols123')).toMatchObject({
      message: 'Password did not conform with policy: Password must have symbol characters',
    });
  });

  it('wants an e-mail as the user name and refuses a duplicate', async () => {
    expect(await failure(signUp('not-an-email'))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
    const email = newEmail();
    await signUp(email);
    expect(await failure(signUp(email.toUpperCase()))).toMatchObject({ name: 'UsernameExistsException' });
  });

  it('refuses an unknown client and attributes outside the schema', async () => {
    expect(await failure(pool.sdk.send(new SignUpCommand({ ClientId: 'nope', Username: newEmail(), Password: PASSWORD })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client nope does not exist.',
    });
    expect(await failure(signUp(newEmail(), PASSWORD, { UserAttributes: [{ Name: 'shoe_size', Value: '44' }] }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(await failure(signUp(newEmail(), PASSWORD, { UserAttributes: [{ Name: 'email_verified', Value: 'true' }] }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
  });

  it('refuses a user name with spaces or control characters, as the service pattern does', async () => {
    const pattern =
      "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+";
    for (const name of ['a\u0000b@example.com', 'tab\there@example.com', 'two words@example.com']) {
      expect(await failure(signUp(name))).toMatchObject({ name: 'InvalidParameterException', message: pattern });
    }
    expect(await failure(signUp(`${'a'.repeat(129)}@example.com`))).toMatchObject({
      message:
        "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must have length less than or equal to 128",
    });
  });

  it('refuses a code with whitespace before looking at it, so it costs no attempt', async () => {
    const email = newEmail();
    await signUp(email);
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(await failure(confirm(email, "1' OR '1'='1"))).toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value at 'confirmationCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\S]+",
      });
    }
    await confirm(email, await pool.lastCode(email, 'SignUp'));
  });

  it('masks an address by whole characters, so one that starts with an emoji stays readable', async () => {
    const email = `\u{1F600}${newEmail()}`;
    const answer = await signUp(email, PASSWORD, { UserAttributes: [{ Name: 'email', Value: email }] });
    expect(answer.CodeDeliveryDetails?.Destination).toBe('\u{1F600}***@e***.com');
  });

  it('keeps the attributes it is given', async () => {
    const email = newEmail();
    await signUp(email, PASSWORD, {
      UserAttributes: [
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'custom:plan', Value: 'gold' },
      ],
    });
    const user = await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'custom:plan', Value: 'gold' },
      ]),
    );
  });
});

describe('ConfirmSignUp', () => {
  it('confirms with the right code only, once, and verifies the e-mail', async () => {
    const email = newEmail();
    const signedUp = await signUp(email);
    expect(signedUp).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email', Destination: 'e***@e***.com' },
    });
    const code = await pool.lastCode(email, 'SignUp');
    expect(await failure(confirm(email, otherThan(code)))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await confirm(email, code);
    expect(await failure(confirm(email, code))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    const user = await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('lets a code expire after 24 hours', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await pool.lastCode(email);
    await pool.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await failure(confirm(email, code))).toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('stops taking a code after five wrong ones', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await pool.lastCode(email);
    for (let i = 0; i < 5; i++) expect(await failure(confirm(email, otherThan(code)))).toMatchObject({ name: 'CodeMismatchException' });
    expect(await failure(confirm(email, code))).toMatchObject({ name: 'LimitExceededException' });
    await resend(email);
    await confirm(email, await pool.lastCode(email));
  });

  it('hides whether a user exists when the client prevents existence errors', async () => {
    expect(await failure(confirm(newEmail(), '123456'))).toMatchObject({ name: 'CodeMismatchException' });
  });
});

describe('signing in with the sign-up session (USER_AUTH)', () => {
  const confirmWith = (Username: string, ConfirmationCode: string, Session?: string) =>
    pool.sdk.send(new ConfirmSignUpCommand({ ClientId: pool.clientId, Username, ConfirmationCode, Session }));
  const userAuth = (USERNAME: string, Session?: string, ClientId = pool.clientId) =>
    pool.sdk.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME }, Session }));

  it('signs the user in once, with no password, after a confirmation that carried the session', async () => {
    const email = newEmail();
    const signedUp = await signUp(email);
    expect(signedUp.Session).toEqual(expect.any(String));
    const code = await pool.lastCode(email, 'SignUp');
    // A wrong code does not use the session up.
    expect(await failure(confirmWith(email, otherThan(code), signedUp.Session))).toMatchObject({ name: 'CodeMismatchException' });
    const confirmed = await confirmWith(email, code, signedUp.Session);
    expect(confirmed.Session).toEqual(expect.any(String));
    expect(confirmed.Session).not.toBe(signedUp.Session);
    // The sign-up's own session is not the one that signs in.
    expect(await failure(userAuth(email, signedUp.Session))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const answer = await userAuth(email, confirmed.Session);
    expect(answer.ChallengeName).toBeUndefined();
    expect(claims(answer.AuthenticationResult!.IdToken!)).toMatchObject({ email, email_verified: true, token_use: 'id' });
    // Once only.
    expect(await failure(userAuth(email, confirmed.Session))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('hands out the session for the sign-in from a confirmation that did not send the sign-up one back (as Amplify confirms)', async () => {
    const email = newEmail();
    await signUp(email);
    const confirmed = await confirmWith(email, await pool.lastCode(email, 'SignUp'));
    expect(confirmed.Session).toEqual(expect.any(String));
    const answer = await userAuth(email, confirmed.Session);
    expect(answer.ChallengeName).toBeUndefined();
    expect(claims(answer.AuthenticationResult!.AccessToken!)).toMatchObject({ token_use: 'access' });
  });

  it("refuses another user's session and an expired one; without one, USER_AUTH is an ordinary choice", async () => {
    const [first, second] = [newEmail(), newEmail()];
    const firstUp = await signUp(first);
    await signUp(second);
    expect(await failure(confirmWith(second, await pool.lastCode(second, 'SignUp'), firstUp.Session))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    // Refused before the code was looked at: the account is still unconfirmed.
    const user = await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: second }));
    expect(user.UserStatus).toBe('UNCONFIRMED');

    const confirmed = await confirmWith(first, await pool.lastCode(first, 'SignUp'), firstUp.Session);
    expect(await failure(userAuth(second, confirmed.Session))).toMatchObject({ name: 'NotAuthorizedException' });
    await pool.advance(3 * 60 * 1000 + 1000);
    expect(await failure(userAuth(first, confirmed.Session))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    // Without a sign-up session the user chooses a first factor (choiceSignIn.test.ts has the rest).
    expect((await userAuth(first)).ChallengeName).toBe('SELECT_CHALLENGE');
  });

  it('hands out no session to a client that may not use USER_AUTH', async () => {
    const created = await pool.sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'srp-only', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] }),
    );
    const ClientId = created.UserPoolClient!.ClientId!;
    const email = newEmail();
    const signedUp = await pool.sdk.send(new SignUpCommand({ ClientId, Username: email, Password: PASSWORD }));
    expect(signedUp.Session).toBeUndefined();
    const confirmed = await pool.sdk.send(
      new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: await pool.lastCode(email, 'SignUp') }),
    );
    expect(confirmed.Session).toBeUndefined();
    expect(await failure(userAuth(email, 'x'.repeat(40), ClientId))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_AUTH flow not enabled for this client',
    });
  });
});

describe('SignUp without a password (passwordless first factors)', () => {
  const passwordSignIn = (USERNAME: string, PASSWORD: string) =>
    pool.sdk.send(
      new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME, PASSWORD } }),
    );

  it('makes a user who signs in with e-mailed codes only, until ChangePassword gives them a password', async () => {
    const email = newEmail('passwordless');
    const blank = newEmail('blank-password');
    const signedUp = await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: email }));
    expect(signedUp).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: blank, Password: '' }));
    await confirm(blank, await pool.lastCode(blank, 'SignUp'));

    // The confirmation signs in once, as for any sign-up (Amplify's autoSignIn).
    const confirmed = await pool.sdk.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: await pool.lastCode(email, 'SignUp') }),
    );
    const signedIn = await pool.sdk.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: email },
        Session: confirmed.Session,
      }),
    );
    const { AccessToken } = signedIn.AuthenticationResult!;

    // No password to sign in with: a password answers as a wrong one does, by either flow.
    expect(await failure(passwordSignIn(email, PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await failure(pool.srpSignIn(blank))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    // An e-mailed code does.
    const started = await pool.sdk.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: blank, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      }),
    );
    expect(started.ChallengeName).toBe('EMAIL_OTP');
    const otp = (await pool.outbox(blank)).at(-1)!.code;
    expect((await pool.respond('EMAIL_OTP', started.Session, { USERNAME: blank, EMAIL_OTP_CODE: otp })).AuthenticationResult).toBeDefined();

    // ChangePassword without PreviousPassword sets the first one (AWS: "omit this parameter" for a user without a password).
    await pool.sdk.send(new ChangePasswordCommand({ AccessToken, ProposedPassword: PASSWORD }));
    expect((await passwordSignIn(email, PASSWORD)).AuthenticationResult).toBeDefined();
    // ForgotPassword reaches the verified e-mail of a user without a password too.
    expect(
      (await pool.sdk.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: blank }))).CodeDeliveryDetails,
    ).toMatchObject({
      DeliveryMedium: 'EMAIL',
    });
  });

  it("keeps Cognito's refusal in a pool whose sign-in policy allows passwords alone", async () => {
    const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    const settings = {
      UserPoolId: pool.poolId,
      AutoVerifiedAttributes: current.AutoVerifiedAttributes,
      UserAttributeUpdateSettings: current.UserAttributeUpdateSettings,
    };
    await pool.sdk.send(
      new UpdateUserPoolCommand({
        ...settings,
        Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD'] } },
      }),
    );
    try {
      expect(await failure(pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail() })))).toMatchObject({
        name: 'InvalidParameterException',
        message: "1 validation error detected: Value null at 'password' failed to satisfy constraint: Member must not be null",
      });
      expect(
        await failure(pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: '' }))),
      ).toMatchObject({ name: 'InvalidParameterException' });
    } finally {
      await pool.sdk.send(new UpdateUserPoolCommand({ ...settings, Policies: current.Policies }));
    }
  });
});

describe('ResendConfirmationCode', () => {
  it('sends a new code that replaces the old one', async () => {
    const email = newEmail();
    await signUp(email);
    const first = await pool.lastCode(email, 'SignUp');
    const resent = await resend(email);
    expect(resent.CodeDeliveryDetails).toEqual({ Destination: 'e***@e***.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const second = await pool.lastCode(email, 'ResendCode');
    if (first !== second) expect(await failure(confirm(email, first))).toMatchObject({ name: 'CodeMismatchException' });
    await confirm(email, second);
  });

  it('refuses a confirmed user', async () => {
    const email = await pool.confirmedUser();
    expect(await failure(resend(email))).toMatchObject({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  it('answers an unknown user with a delivery that looks real', async () => {
    const email = newEmail();
    const answer = await resend(email);
    expect(answer.CodeDeliveryDetails).toEqual({ Destination: 'e***@e***.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await pool.outbox(email)).toEqual([]);
  });

  it('answers LimitExceededException after five codes in an hour', async () => {
    const email = newEmail();
    await signUp(email);
    for (let i = 0; i < 4; i++) await resend(email);
    expect(await failure(resend(email))).toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    await pool.advance(60 * 60 * 1000 + 1000);
    await resend(email);
  });
});
