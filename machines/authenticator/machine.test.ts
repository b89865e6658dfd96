import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authenticatorMachine, UNKNOWN_ERROR, type AuthenticatorSnapshot } from './machine.ts';
import { isPending, routeOf, SCREEN_ROUTES, SIGNED_IN_SCREEN_ROUTES } from './routes.ts';
import { fakeActors, flush, fullForm, otherTabUser, sampleUser, type Outcome } from './testSupport.ts';
import type {
  AuthActorName,
  AuthEvent,
  AuthenticatorInput,
  CodeDeliveryDetails,
  FormData,
  SessionUser,
  SignInInput,
  SignInOutput,
} from './types.ts';
import { messages } from './validation.ts';

const EMPTY_USERNAME = messages.emptyUsername;

type Script = { [N in AuthActorName]?: Outcome<N> | Outcome<N>[] | 'hold' };

const fail = (name: string, message: string) => ({ error: { name, message } });
const delivery: CodeDeliveryDetails = { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' };
const verifiedAttributes: Outcome<'fetchUserAttributes'> = { output: { attributes: { email: 'ana@example.com', email_verified: 'true' } } };

/**
 * Starts the machine with fake actors that answer as the script says (a list
 * answers call by call, its last entry repeating; 'hold' never answers), sends
 * INIT and waits for setup to finish.
 */
async function start(script: Script = {}, input: AuthenticatorInput = {}) {
  // Unscripted: no stored session, and passkey autofill with nothing to offer (it never answers).
  const scripted = (name: AuthActorName) =>
    script[name] ?? (name === 'loadSession' ? { output: null } : name === 'passkeyAutofill' ? 'hold' : undefined);
  const answered = new Map<AuthActorName, number>();
  const fakes = fakeActors(({ name }) => {
    const entry = scripted(name);
    if (entry === 'hold') return undefined;
    if (entry === undefined) return fail('Unscripted', `the test did not script ${name}`);
    const list = (Array.isArray(entry) ? entry : [entry]) as Outcome<AuthActorName>[];
    const index = answered.get(name) ?? 0;
    answered.set(name, index + 1);
    return list[Math.min(index, list.length - 1)];
  });
  const actor = createActor(fakes.machine, { input }).start();
  const settle = async (): Promise<AuthenticatorSnapshot> => {
    for (let round = 0; round < 20 && Object.keys(actor.getSnapshot().children).length > 0 && !holding(); round++) await flush();
    return actor.getSnapshot();
  };
  const holding = () => Object.keys(actor.getSnapshot().children).some((id) => scripted(id as AuthActorName) === 'hold');
  const send = async (event: AuthEvent) => {
    actor.send(event);
    return settle();
  };
  const inputsOf = (name: AuthActorName) => fakes.calls.filter((call) => call.name === name).map((call) => call.input);
  await send({ type: 'INIT' });
  return { actor, send, inputsOf, calls: fakes.calls };
}

const submit = (data: FormData): AuthEvent => ({ type: 'SUBMIT', data });
/** The calls made, by name, but passkey autofill (which the sign-in screen starts each time it waits). */
const callsBesidesAutofill = (calls: { name: AuthActorName }[]) =>
  calls.map((call) => call.name).filter((name) => name !== 'passkeyAutofill');
const signInForm = { email: ' ana@example.com ', password: ' pass word ' };

describe('start-up', () => {
  it('reads nothing until the app sends INIT', async () => {
    const fakes = fakeActors(() => ({ output: null }));
    const actor = createActor(fakes.machine, { input: {} }).start();
    await flush();
    expect(routeOf(actor.getSnapshot())).toBe('idle');
    expect(fakes.calls).toEqual([]);
    actor.send({ type: 'INIT' });
    expect(routeOf(actor.getSnapshot())).toBe('setup');
    expect(fakes.calls.map((call) => call.name)).toEqual(['loadSession']);
  });

  it('starts at sign-in without a stored session, reading it once', async () => {
    const { actor, calls } = await start();
    expect(routeOf(actor.getSnapshot())).toBe('signIn');
    expect(callsBesidesAutofill(calls)).toEqual(['loadSession']);
  });

  it('starts authenticated with a stored session', async () => {
    const { actor } = await start({ loadSession: { output: sampleUser } });
    expect(routeOf(actor.getSnapshot())).toBe('authenticated');
    expect(actor.getSnapshot().context.user).toEqual(sampleUser);
  });

  it("routes a session the sign-in pressed on the prerendered card made as a sign-in's answer: the checks after a sign-in, then the dashboard", async () => {
    const card = { ...sampleUser, signedInOnCard: true };
    const verified = await start({ loadSession: { output: card }, fetchUserAttributes: verifiedAttributes });
    expect(routeOf(verified.actor.getSnapshot())).toBe('authenticated');
    expect(verified.actor.getSnapshot().context.user).toEqual(sampleUser);
    expect(verified.calls.map((call) => call.name)).toEqual(['loadSession', 'fetchUserAttributes']);

    const unverified = await start({
      loadSession: { output: card },
      fetchUserAttributes: { output: { attributes: { email: 'ana@example.com', email_verified: 'false' } } },
    });
    expect(unverified.actor.getSnapshot().value).toEqual({ verifyUser: 'idle' });
    expect(unverified.actor.getSnapshot().context).toMatchObject({ user: sampleUser, unverifiedAttributes: { email: 'ana@example.com' } });
  });

  it('starts at the configured route, and never at sign-up when it is hidden', async () => {
    expect(routeOf((await start({}, { initialRoute: 'signUp' })).actor.getSnapshot())).toBe('signUp');
    expect(routeOf((await start({}, { initialRoute: 'forgotPassword' })).actor.getSnapshot())).toBe('forgotPassword');
    const hidden = await start({}, { initialRoute: 'signUp', hideSignUp: true });
    expect(routeOf(hidden.actor.getSnapshot())).toBe('signIn');
    expect(routeOf(await hidden.send({ type: 'SIGN_UP' }))).toBe('signIn');
  });

  it('shows why the session could not be read, on the first route', async () => {
    const { actor } = await start({ loadSession: fail('NetworkError', 'Network Error') });
    expect(routeOf(actor.getSnapshot())).toBe('signIn');
    expect(actor.getSnapshot().context.error).toEqual({ name: 'NetworkError', message: 'Network Error' });
  });

  it('says which actor the app forgot to provide', async () => {
    const actor = createActor(authenticatorMachine, { input: {} }).start();
    actor.send({ type: 'INIT' });
    await flush();
    // The session could not be read, then sign-in's passkey autofill could not start: the last one is named.
    expect(actor.getSnapshot().value).toEqual({ signIn: 'idle' });
    expect(actor.getSnapshot().context.error).toEqual({
      name: 'ActorNotProvided',
      message: 'The authenticator\'s "passkeyAutofill" actor was not provided.',
    });
  });
});

describe('sign-in', () => {
  it('signs in with the trimmed e-mail and the password as typed, then checks attributes', async () => {
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'DONE', user: sampleUser } },
      fetchUserAttributes: verifiedAttributes,
    });
    const snapshot = await send(submit(signInForm));
    expect(inputsOf('signIn')).toEqual([{ username: 'ana@example.com', password: ' pass word ' }]);
    expect(inputsOf('fetchUserAttributes')).toHaveLength(1);
    expect(routeOf(snapshot)).toBe('authenticated');
    expect(snapshot.context.user).toEqual(sampleUser);
    // The login the customer typed, not Cognito's internal user name, is what sign-in shows again later.
    expect(snapshot.context.username).toBe('ana@example.com');
  });

  it('goes to the dashboard when the attributes cannot be read: verifying is optional', async () => {
    const { send } = await start({
      signIn: { output: { step: 'DONE', user: sampleUser } },
      fetchUserAttributes: fail('NetworkError', 'Network Error'),
    });
    expect(routeOf(await send(submit(signInForm)))).toBe('authenticated');
  });

  it('keeps the route and shows the error when sign-in fails; CLEAR_ERROR dismisses it', async () => {
    const { send } = await start({ signIn: fail('NotAuthorizedException', 'Incorrect username or password.') });
    const failed = await send(submit(signInForm));
    expect(failed.value).toEqual({ signIn: 'idle' });
    expect(failed.context.error).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect((await send({ type: 'CLEAR_ERROR' })).context.error).toBeUndefined();
  });

  it('calls nothing without an e-mail, and says so', async () => {
    const { send, calls } = await start();
    const snapshot = await send(submit({ email: '   ', password: 'x' }));
    expect(snapshot.value).toEqual({ signIn: 'idle' });
    expect(snapshot.context.error).toEqual({ name: 'EmptyUsername', message: EMPTY_USERNAME });
    expect(callsBesidesAutofill(calls)).toEqual(['loadSession']);
  });

  it('is pending while the call runs, and ignores a second SUBMIT and the links meanwhile', async () => {
    const { actor, inputsOf } = await start({ signIn: 'hold' });
    actor.send(submit(signInForm));
    expect(isPending(actor.getSnapshot())).toBe(true);
    actor.send(submit(signInForm));
    actor.send({ type: 'SIGN_UP' });
    actor.send({ type: 'FORGOT_PASSWORD' });
    expect(actor.getSnapshot().value).toEqual({ signIn: 'pending' });
    expect(inputsOf('signIn')).toHaveLength(1);
  });

  it('says so when the client answers with a step this app does not know', async () => {
    const { send } = await start({ signIn: { output: { step: 'SOMETHING_NEW' } as never } });
    const snapshot = await send(submit(signInForm));
    expect(snapshot.value).toEqual({ signIn: 'idle' });
    expect(snapshot.context.error?.message).toBe(UNKNOWN_ERROR);
  });

  it('hands the provider to the federated sign-in', async () => {
    const { send, inputsOf } = await start({ federatedSignIn: { output: undefined } });
    await send({ type: 'FEDERATED_SIGN_IN', provider: 'apple' });
    expect(inputsOf('federatedSignIn')).toEqual([{ provider: 'apple' }]);
  });
});

describe('user not confirmed', () => {
  const resend: Outcome<'resendSignUpCode'> = { output: { step: 'CONFIRM_SIGN_UP', codeDeliveryDetails: delivery } };

  // The client reads Cognito's UserNotConfirmedException as this step (src/cognito/signInSteps.ts).
  it.each([['the CONFIRM_SIGN_UP step', { output: { step: 'CONFIRM_SIGN_UP', username: 'ana@example.com' } } as Outcome<'signIn'>]])(
    'goes from sign-in to confirmation with a fresh code (%s)',
    async (_how, answer) => {
      const { send, inputsOf } = await start({ signIn: answer, resendSignUpCode: resend });
      const snapshot = await send(submit(signInForm));
      expect(inputsOf('resendSignUpCode')).toEqual([{ username: 'ana@example.com' }]);
      expect(snapshot.value).toEqual({ confirmSignUp: 'idle' });
      expect(snapshot.context.codeDeliveryDetails).toEqual(delivery);
      expect(snapshot.context.error).toBeUndefined();
    },
  );

  it('still asks for the code when the fresh one could not be sent, saying why', async () => {
    const { send } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_UP', username: 'ana@example.com' } },
      resendSignUpCode: fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    });
    const snapshot = await send(submit(signInForm));
    expect(snapshot.value).toEqual({ confirmSignUp: 'idle' });
    expect(snapshot.context.error?.name).toBe('LimitExceededException');
  });
});

describe('sign-up and confirmation', () => {
  const signUpForm = { ...fullForm, email: ' new@example.com ' };
  const codeSent: Outcome<'signUp'> = { output: { step: 'CONFIRM_SIGN_UP', username: 'new@example.com', codeDeliveryDetails: delivery } };

  it('walks sign-up, confirmation and back to sign-in with the e-mail kept', async () => {
    const { send, inputsOf } = await start({ signUp: codeSent, confirmSignUp: { output: { step: 'DONE', username: 'new@example.com' } } });
    await send({ type: 'SIGN_UP' });
    const confirm = await send(submit(signUpForm));
    expect(inputsOf('signUp')).toEqual([{ username: 'new@example.com', password: ' Passw0rd! ', attributes: { given_name: 'Ana' } }]);
    expect(confirm.value).toEqual({ confirmSignUp: 'idle' });
    expect(confirm.context.codeDeliveryDetails).toEqual(delivery);
    const back = await send(submit({ confirmation_code: ' 123456 ' }));
    expect(inputsOf('confirmSignUp')).toEqual([{ username: 'new@example.com', confirmationCode: '123456' }]);
    expect(back.value).toEqual({ signIn: 'idle' });
    expect(back.context.username).toBe('new@example.com');
  });

  it('sends a new code on RESEND and stays', async () => {
    const { send, inputsOf } = await start({
      signUp: codeSent,
      resendSignUpCode: { output: { step: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { ...delivery, destination: 'n***@e***.com' } } },
    });
    await send({ type: 'SIGN_UP' });
    await send(submit(signUpForm));
    const snapshot = await send({ type: 'RESEND' });
    expect(inputsOf('resendSignUpCode')).toEqual([{ username: 'new@example.com' }]);
    expect(snapshot.value).toEqual({ confirmSignUp: 'idle' });
    expect(snapshot.context.codeDeliveryDetails?.destination).toBe('n***@e***.com');
  });

  // The client reads Cognito's "already confirmed" errors as DONE (src/cognito/signUp.ts).
  it.each([
    [
      'confirming',
      { confirmSignUp: { output: { step: 'DONE', username: 'new@example.com' } } } as Script,
      submit({ confirmation_code: '1' }),
    ],
    ['asking for a new code', { resendSignUpCode: { output: { step: 'DONE' } } } as Script, { type: 'RESEND' } as AuthEvent],
  ])('treats an account confirmed already as confirmed when %s: sign-in, e-mail kept, no error', async (_when, script, event) => {
    const { send } = await start({ signUp: codeSent, ...script });
    await send({ type: 'SIGN_UP' });
    await send(submit(signUpForm));
    const snapshot = await send(event);
    expect(snapshot.value).toEqual({ signIn: 'idle' });
    expect(snapshot.context.username).toBe('new@example.com');
    expect(snapshot.context.error).toBeUndefined();
  });

  it('keeps an ordinary confirmation error on the screen', async () => {
    const { send } = await start({ signUp: codeSent, confirmSignUp: fail('NotAuthorizedException', 'User is disabled.') });
    await send({ type: 'SIGN_UP' });
    await send(submit(signUpForm));
    const snapshot = await send(submit({ confirmation_code: '1' }));
    expect(snapshot.value).toEqual({ confirmSignUp: 'idle' });
    expect(snapshot.context.error?.message).toBe('User is disabled.');
  });

  it('completes an auto sign-in after confirmation', async () => {
    const { send, inputsOf } = await start({
      signUp: codeSent,
      confirmSignUp: { output: { step: 'COMPLETE_AUTO_SIGN_IN', username: 'new@example.com' } },
      autoSignIn: { output: { step: 'DONE', user: sampleUser } },
      fetchUserAttributes: verifiedAttributes,
    });
    await send({ type: 'SIGN_UP' });
    await send(submit(signUpForm));
    const snapshot = await send(submit({ confirmation_code: '1' }));
    expect(inputsOf('autoSignIn')).toHaveLength(1);
    expect(routeOf(snapshot)).toBe('authenticated');
  });

  it('falls back to sign-in, saying why, when the auto sign-in fails', async () => {
    const { send } = await start({
      signUp: { output: { step: 'COMPLETE_AUTO_SIGN_IN', username: 'new@example.com' } },
      autoSignIn: fail('Unknown', 'The account was not confirmed on time.'),
    });
    await send({ type: 'SIGN_UP' });
    const snapshot = await send(submit(signUpForm));
    expect(snapshot.value).toEqual({ signIn: 'idle' });
    expect(snapshot.context.username).toBe('new@example.com');
    expect(snapshot.context.error?.message).toBe('The account was not confirmed on time.');
  });
});

describe('password reset', () => {
  const codeSent: Outcome<'resetPassword'> = { output: { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: delivery } };

  it('resets a forgotten password and returns to sign-in with the e-mail kept', async () => {
    const { send, inputsOf } = await start({ resetPassword: codeSent, confirmResetPassword: { output: { step: 'DONE' } } });
    await send({ type: 'FORGOT_PASSWORD' });
    const confirm = await send(submit({ email: ' ana@example.com ' }));
    expect(inputsOf('resetPassword')).toEqual([{ username: 'ana@example.com' }]);
    expect(confirm.value).toEqual({ confirmResetPassword: 'idle' });
    await send({ type: 'RESEND' });
    expect(inputsOf('resetPassword')).toEqual([{ username: 'ana@example.com' }, { username: 'ana@example.com' }]);
    const done = await send(submit({ confirmation_code: ' 654321 ', password: ' N3w-pass ', confirm_password: ' N3w-pass ' }));
    expect(inputsOf('confirmResetPassword')).toEqual([
      { username: 'ana@example.com', confirmationCode: '654321', newPassword: ' N3w-pass ' },
    ]);
    expect(done.value).toEqual({ signIn: 'idle' });
    expect(done.context.username).toBe('ana@example.com');
  });

  // The client reads Cognito's PasswordResetRequiredException as this step (src/cognito/signInSteps.ts).
  it.each([['the RESET_PASSWORD step', { output: { step: 'RESET_PASSWORD', username: 'ana@example.com' } } as Outcome<'signIn'>]])(
    'sends the code and asks for it when sign-in finds a reset required (%s)',
    async (_how, answer) => {
      const { send, inputsOf } = await start({ signIn: answer, resetPassword: codeSent });
      const snapshot = await send(submit(signInForm));
      expect(inputsOf('resetPassword')).toEqual([{ username: 'ana@example.com' }]);
      expect(snapshot.value).toEqual({ confirmResetPassword: 'idle' });
      expect(snapshot.context.error).toBeUndefined();
    },
  );

  it('lands on forgot-password, saying why, when the reset code cannot be sent', async () => {
    const { send } = await start({
      signIn: { output: { step: 'RESET_PASSWORD', username: 'ana@example.com' } },
      resetPassword: fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    });
    const snapshot = await send(submit(signInForm));
    expect(snapshot.value).toEqual({ forgotPassword: 'idle' });
    expect(snapshot.context.error?.name).toBe('LimitExceededException');
  });
});

describe('second factor and challenges', () => {
  it('asks for the SMS code and sends it', async () => {
    const { send, inputsOf } = await start({
      signIn: {
        output: { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*******1234', deliveryMedium: 'SMS' } },
      },
      confirmSignIn: { output: { step: 'DONE', user: sampleUser } },
      fetchUserAttributes: verifiedAttributes,
    });
    const challenge = await send(submit(signInForm));
    expect(challenge.value).toEqual({ confirmSignIn: 'idle' });
    expect(challenge.context.challengeName).toBe('SMS_MFA');
    expect(challenge.context.codeDeliveryDetails?.destination).toBe('+*******1234');
    const done = await send(submit({ confirmation_code: ' 123456 ' }));
    expect(inputsOf('confirmSignIn')).toEqual([{ challengeResponse: '123456' }]);
    expect(routeOf(done)).toBe('authenticated');
  });

  it('lets the customer choose SMS or TOTP, and refuses anything else', async () => {
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['SMS', 'TOTP'] } },
      confirmSignIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } },
    });
    const choosing = await send(submit(signInForm));
    expect(choosing.context.challengeName).toBe('SELECT_MFA_TYPE');
    expect(choosing.context.allowedMfaTypes).toEqual(['SMS', 'TOTP']);
    const refused = await send(submit({ mfa_type: 'VOICE' }));
    expect(refused.context.error).toEqual({ name: 'InvalidMfaType', message: 'Invalid MFA type' });
    expect(inputsOf('confirmSignIn')).toEqual([]);
    const chosen = await send(submit({ mfa_type: ' TOTP ' }));
    expect(inputsOf('confirmSignIn')).toEqual([{ challengeResponse: 'TOTP' }]);
    expect(chosen.value).toEqual({ confirmSignIn: 'idle' });
    expect(chosen.context.challengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(chosen.context.error).toBeUndefined();
  });

  it('sets a new password with the attributes the pool requires, and only allowed ones', async () => {
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name'] } },
      confirmSignIn: { output: { step: 'DONE', user: sampleUser } },
      fetchUserAttributes: verifiedAttributes,
    });
    const asking = await send(submit(signInForm));
    expect(asking.value).toEqual({ forceNewPassword: 'idle' });
    expect(asking.context.missingAttributes).toEqual(['given_name']);
    await send(submit({ password: ' N3w-pass ', confirm_password: ' N3w-pass ', given_name: ' Ana ', confirmation_code: '1' }));
    expect(inputsOf('confirmSignIn')).toEqual([{ challengeResponse: ' N3w-pass ', userAttributes: { given_name: 'Ana' } }]);
  });

  it('shows the TOTP secret that came with the step, without another call', async () => {
    const { send, calls } = await start({
      signIn: { output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: 'KRSXG5CTMVRXEZLU' } },
    });
    const snapshot = await send(submit(signInForm));
    expect(snapshot.value).toEqual({ setupTotp: 'idle' });
    expect(snapshot.context.totpSecretCode).toBe('KRSXG5CTMVRXEZLU');
    expect(callsBesidesAutofill(calls)).toEqual(['loadSession', 'signIn']);
  });

  it('keeps the TOTP secret while the code is wrong, and forgets it when going back', async () => {
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: 'JBSWY3DPEHPK3PXP' } },
      confirmSignIn: fail('CodeMismatchException', 'Code mismatch'),
    });
    const setupScreen = await send(submit(signInForm));
    expect(setupScreen.value).toEqual({ setupTotp: 'idle' });
    expect(setupScreen.context.totpSecretCode).toBe('JBSWY3DPEHPK3PXP');
    const wrong = await send(submit({ confirmation_code: '000000' }));
    expect(inputsOf('confirmSignIn')).toEqual([{ challengeResponse: '000000' }]);
    expect(wrong.value).toEqual({ setupTotp: 'idle' });
    expect(wrong.context.totpSecretCode).toBe('JBSWY3DPEHPK3PXP');
    const back = await send({ type: 'SIGN_IN' });
    expect(back.value).toEqual({ signIn: 'idle' });
    expect(back.context.totpSecretCode).toBeUndefined();
  });
});

describe('the screens for a customer signed in already', () => {
  it('are the screens the machine ends when the session ends elsewhere, as routes.ts lists them', () => {
    const states = authenticatorMachine.config.states as Record<string, { on?: Record<string, unknown> }>;
    const endedWithTheSession = SCREEN_ROUTES.filter((route) => states[route]?.on?.SIGNED_OUT_ELSEWHERE !== undefined);
    expect(endedWithTheSession).toEqual([...SIGNED_IN_SCREEN_ROUTES]);
  });
});

describe('verifying an e-mail or phone', () => {
  const unverified: Outcome<'fetchUserAttributes'> = {
    output: {
      attributes: { email: 'ana@example.com', email_verified: 'false', phone_number: '+15550001234', phone_number_verified: 'false' },
    },
  };

  async function atVerifyUser(script: Script = {}) {
    const session = await start({ signIn: { output: { step: 'DONE', user: sampleUser } }, fetchUserAttributes: unverified, ...script });
    const snapshot = await session.send(submit(signInForm));
    return { ...session, snapshot };
  }

  it('offers the unverified attributes after sign-in', async () => {
    const { snapshot } = await atVerifyUser();
    expect(snapshot.value).toEqual({ verifyUser: 'idle' });
    expect(snapshot.context.unverifiedAttributes).toEqual({ email: 'ana@example.com', phone_number: '+15550001234' });
    expect(snapshot.context.user).toEqual(sampleUser);
  });

  it('verifies the chosen one with a code', async () => {
    const { send, inputsOf } = await atVerifyUser({
      sendAttributeCode: { output: { step: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDeliveryDetails: { destination: '+*******1234' } } },
      confirmAttribute: { output: { step: 'DONE' } },
    });
    expect((await send(submit({ unverified_attribute: 'address' }))).context.error?.message).toBe('This field is required');
    const confirm = await send(submit({ unverified_attribute: 'phone_number' }));
    expect(inputsOf('sendAttributeCode')).toEqual([{ attributeKey: 'phone_number' }]);
    expect(confirm.value).toEqual({ confirmVerifyUser: 'idle' });
    expect(confirm.context.codeDeliveryDetails?.destination).toBe('+*******1234');
    const done = await send(submit({ confirmation_code: ' 777777 ' }));
    expect(inputsOf('confirmAttribute')).toEqual([{ attributeKey: 'phone_number', confirmationCode: '777777' }]);
    expect(routeOf(done)).toBe('authenticated');
  });

  it('skips from either screen to the dashboard', async () => {
    const first = await atVerifyUser();
    expect(routeOf(await first.send({ type: 'SKIP' }))).toBe('authenticated');
    const second = await atVerifyUser({ sendAttributeCode: { output: { step: 'CONFIRM_ATTRIBUTE_WITH_CODE' } } });
    await second.send(submit({ unverified_attribute: 'email' }));
    const skipped = await second.send({ type: 'SKIP' });
    expect(routeOf(skipped)).toBe('authenticated');
    expect(skipped.context.user).toEqual(sampleUser);
  });

  it('does not verify when every contact is verified already', async () => {
    const { send } = await start({ signIn: { output: { step: 'DONE', user: sampleUser } }, fetchUserAttributes: verifiedAttributes });
    expect(routeOf(await send(submit(signInForm)))).toBe('authenticated');
  });
});

describe('navigation between screens', () => {
  it('goes from sign-in to forgot-password and back, and between the tabs', async () => {
    const { send } = await start();
    expect(routeOf(await send({ type: 'FORGOT_PASSWORD' }))).toBe('forgotPassword');
    expect(routeOf(await send({ type: 'SIGN_IN' }))).toBe('signIn');
    expect(routeOf(await send({ type: 'SIGN_UP' }))).toBe('signUp');
    expect(routeOf(await send({ type: 'SIGN_IN' }))).toBe('signIn');
  });

  it.each([
    ['forceNewPassword', { signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } } }],
    ['setupTotp', { signIn: { output: { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: 'S' } } }],
    ['confirmSignIn', { signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } } }],
    [
      'confirmSignUp',
      {
        signIn: { output: { step: 'CONFIRM_SIGN_UP', username: 'ana@example.com' } },
        resendSignUpCode: { output: { step: 'CONFIRM_SIGN_UP' } },
      },
    ],
    [
      'confirmResetPassword',
      {
        signIn: { output: { step: 'RESET_PASSWORD', username: 'ana@example.com' } },
        resetPassword: { output: { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } },
      },
    ],
  ] as [string, Script][])('goes back to sign-in from %s, forgetting the flow', async (route, script) => {
    const { send } = await start(script);
    expect(routeOf(await send(submit(signInForm)))).toBe(route);
    const back = await send({ type: 'SIGN_IN' });
    expect(back.value).toEqual({ signIn: 'idle' });
    expect(back.context).toEqual({ initialRoute: 'signIn', hideSignUp: false, openPasskeyPrompt: true, username: 'ana@example.com' });
  });
});

describe('while authenticated', () => {
  it('signs out back to sign-in and forgets the user, even when the pool is unreachable', async () => {
    for (const answer of [{ output: undefined }, fail('NetworkError', 'Network Error')] as Outcome<'signOut'>[]) {
      const { send, inputsOf } = await start({ loadSession: { output: sampleUser }, signOut: answer });
      const snapshot = await send({ type: 'SIGN_OUT' });
      expect(inputsOf('signOut')).toHaveLength(1);
      expect(snapshot.value).toEqual({ signIn: 'idle' });
      expect(snapshot.context.user).toBeUndefined();
    }
  });

  it('stays signed in when a refresh fails for lack of network, and leaves on any other failure', async () => {
    const { send } = await start({ loadSession: { output: sampleUser } });
    expect(routeOf(await send({ type: 'SESSION_EXPIRED', error: { name: 'NetworkError', message: 'Network Error' } }))).toBe(
      'authenticated',
    );
    const expired = await send({
      type: 'SESSION_EXPIRED',
      error: { name: 'NotAuthorizedException', message: 'Refresh Token has expired' },
    });
    expect(expired.value).toEqual({ signIn: 'idle' });
    expect(expired.context.user).toBeUndefined();
    expect(expired.context.error?.message).toBe('Refresh Token has expired');
  });

  it('follows a sign-out and a sign-in in another tab', async () => {
    const { send } = await start({ loadSession: { output: sampleUser } });
    const out = await send({ type: 'SIGNED_OUT_ELSEWHERE' });
    expect(out.value).toEqual({ signIn: 'idle' });
    expect(out.context.user).toBeUndefined();
    const back = await send({ type: 'SIGNED_IN_ELSEWHERE', user: otherTabUser });
    expect(routeOf(back)).toBe('authenticated');
    expect(back.context.user).toEqual(otherTabUser);
  });

  it('follows a sign-in in another tab from a screen, but lets its own call decide while one runs', async () => {
    const { send } = await start();
    await send({ type: 'FORGOT_PASSWORD' });
    const followed = await send({ type: 'SIGNED_IN_ELSEWHERE', user: otherTabUser });
    expect(routeOf(followed)).toBe('authenticated');
    expect(followed.context.user).toEqual(otherTabUser);

    const second = await start({ signIn: 'hold' });
    second.actor.send(submit(signInForm));
    // The client announces this tab's own sign-in too: the sign-in under way, not the notice, picks the route.
    const during = await second.send({ type: 'SIGNED_IN_ELSEWHERE', user: sampleUser });
    expect(during.value).toEqual({ signIn: 'pending' });
  });
});

describe('passwordless sign-in', () => {
  const cancelled = fail('PasskeyCancelled', 'The passkey request was cancelled or timed out.');
  const choice: Outcome<'signIn'> = {
    output: { step: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['WEB_AUTHN', 'EMAIL_OTP'] },
  };

  it('starts USER_AUTH with the factor of the button, the e-mail trimmed, and refuses one without an e-mail', async () => {
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
    });
    const refused = await send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: '  ' } });
    expect(refused.context.error).toEqual({ name: 'EmptyUsername', message: EMPTY_USERNAME });
    expect(inputsOf('signIn')).toEqual([]);
    const asked = await send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: ' ana@example.com ' } });
    expect(inputsOf('signIn')).toEqual([{ username: 'ana@example.com', password: '', firstFactor: 'EMAIL_OTP' }]);
    expect(asked.value).toEqual({ confirmSignIn: 'idle' });
    expect(asked.context.challengeName).toBe('EMAIL_OTP');
  });

  it('shows the code screen the moment a code is asked for, before the pool has answered; the answer fills it in', async () => {
    const { actor, send } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
    });
    actor.send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: 'ana@example.com' } });
    const sending = actor.getSnapshot();
    expect(sending.value).toEqual({ confirmSignIn: 'sendingCode' });
    expect(isPending(sending)).toBe(true);
    expect(sending.context).toMatchObject({ challengeName: 'EMAIL_OTP', codeDeliveryDetails: { deliveryMedium: 'EMAIL' } });
    const sent = await send({ type: 'CLEAR_ERROR' });
    expect(sent.value).toEqual({ confirmSignIn: 'idle' });
    expect(sent.context).toMatchObject({ challengeName: 'EMAIL_OTP', codeDeliveryDetails: delivery, chosenFactor: 'EMAIL_OTP' });
  });

  it('a code by text shows the text-message code screen at once', async () => {
    const { actor } = await start({ signIn: 'hold' });
    actor.send({ type: 'SIGN_IN_WITH', factor: 'SMS_OTP', data: { email: 'ana@example.com' } });
    expect(actor.getSnapshot().value).toEqual({ confirmSignIn: 'sendingCode' });
    expect(actor.getSnapshot().context).toMatchObject({ challengeName: 'SMS_MFA', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
  });

  it('no code sent: back to sign in with the reason and the e-mail kept; another answer leads where it says', async () => {
    const refused = await start({ signIn: fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.') });
    const back = await refused.send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: ' ana@example.com ' } });
    expect(back.value).toEqual({ signIn: 'idle' });
    expect(back.context.error?.name).toBe('LimitExceededException');
    expect(back.context.username).toBe('ana@example.com');
    expect(back.context.challengeName).toBeUndefined();
    expect(back.context.codeDeliveryDetails).toBeUndefined();

    const choice = await start({
      signIn: { output: { step: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['WEB_AUTHN', 'PASSWORD_SRP'] } },
    });
    const chosen = await choice.send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: 'ana@example.com' } });
    expect(chosen.value).toEqual({ selectFactor: 'idle' });
    expect(chosen.context.challengeName).toBeUndefined();

    const unknown = await start({ signIn: { output: { step: 'SOMETHING_NEW' } as unknown as SignInOutput } });
    const said = await unknown.send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: 'ana@example.com' } });
    expect(said.value).toEqual({ signIn: 'idle' });
    expect(said.context.error).toEqual({ name: 'Unknown', message: UNKNOWN_ERROR });
  });

  it('RESEND on the e-mailed first-factor code starts the sign-in again for a new code, and stays with its new destination', async () => {
    const again: Outcome<'resendSignInCode'> = {
      output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { ...delivery, destination: 'n***@e***.com' } },
    };
    const { send, inputsOf } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
      resendSignInCode: [fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.'), again],
    });
    await send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: ' ana@example.com ' } });
    const refused = await send({ type: 'RESEND' });
    expect(inputsOf('resendSignInCode')).toEqual([{ username: 'ana@example.com' }]);
    expect(refused.value).toEqual({ confirmSignIn: 'idle' });
    expect(refused.context.error?.name).toBe('LimitExceededException');
    const resent = await send({ type: 'RESEND' });
    expect(inputsOf('resendSignInCode')).toHaveLength(2);
    expect(resent.value).toEqual({ confirmSignIn: 'idle' });
    expect(resent.context.error).toBeUndefined();
    expect(resent.context.challengeName).toBe('EMAIL_OTP');
    expect(resent.context.codeDeliveryDetails?.destination).toBe('n***@e***.com');
  });

  it('RESEND keeps the choice of factors when the e-mailed code was chosen from it', async () => {
    const { send, inputsOf } = await start({
      signIn: choice,
      confirmSignIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
      resendSignInCode: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
    });
    await send({ type: 'SIGN_IN_WITH', data: { email: 'ana@example.com' } });
    await send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP' });
    const resent = await send({ type: 'RESEND' });
    expect(inputsOf('resendSignInCode')).toEqual([{ username: 'ana@example.com' }]);
    expect(resent.value).toEqual({ confirmSignIn: 'idle' });
    expect(resent.context.availableChallenges).toEqual(['WEB_AUTHN', 'EMAIL_OTP']);
    expect((await send({ type: 'CHOOSE_FACTOR' })).value).toEqual({ selectFactor: 'idle' });
  });

  it('RESEND does nothing on e-mail MFA after a password, nor on a texted code', async () => {
    const { send, inputsOf } = await start({
      signIn: [
        { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
        { output: { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: delivery } },
      ],
      resendSignInCode: { output: { step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: delivery } },
    });
    const mfa = await send(submit({ email: 'ana@example.com', password: 'Passw0rd!' }));
    expect(mfa.context.challengeName).toBe('EMAIL_OTP');
    expect(mfa.can({ type: 'RESEND' })).toBe(false);
    expect((await send({ type: 'RESEND' })).value).toEqual({ confirmSignIn: 'idle' });
    await send({ type: 'SIGN_IN' });
    const texted = await send({ type: 'SIGN_IN_WITH', factor: 'SMS_OTP', data: { email: 'ana@example.com' } });
    expect(texted.context.challengeName).toBe('SMS_MFA');
    expect(texted.can({ type: 'RESEND' })).toBe(false);
    expect(inputsOf('resendSignInCode')).toEqual([]);
  });

  it("opens the passkey's prompt the moment the pool asks for a passkey, before its screen has drawn; told not to, the screen waits for its button", async () => {
    const asked: Outcome<'signIn'> = { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } };
    const opening = await start({ signIn: asked, passkeyPrompt: 'hold' });
    const open = await opening.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: 'ana@example.com' } });
    expect(open.value).toEqual({ passkey: 'pending' });
    expect(opening.inputsOf('passkeyPrompt')).toHaveLength(1);

    const picturing = await start({ signIn: asked, passkeyPrompt: 'hold' }, { openPasskeyPrompt: false });
    const waiting = await picturing.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: 'ana@example.com' } });
    expect(waiting.value).toEqual({ passkey: 'idle' });
    expect(picturing.inputsOf('passkeyPrompt')).toEqual([]);
    expect((await picturing.send(submit({}))).value).toEqual({ passkey: 'pending' });
    expect(picturing.inputsOf('passkeyPrompt')).toHaveLength(1);
  });

  it('a closed passkey prompt returns to the choice with its message, the choice and the e-mail kept', async () => {
    const { send, inputsOf } = await start({
      signIn: choice,
      confirmSignIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } },
      passkeyPrompt: cancelled,
    });
    await send({ type: 'SIGN_IN_WITH', data: { email: 'ana@example.com' } });
    expect(inputsOf('signIn')).toEqual([{ username: 'ana@example.com', password: '', firstFactor: 'CHOICE' }]);
    // The pool asks for the passkey: the prompt opens at once, and is closed.
    const back = await send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN' });
    expect(inputsOf('confirmSignIn')).toEqual([{ challengeResponse: 'WEB_AUTHN' }]);
    expect(inputsOf('passkeyPrompt')).toHaveLength(1);
    expect(back.value).toEqual({ selectFactor: 'idle' });
    expect(back.context.error).toEqual(cancelled.error);
    expect(back.context.availableChallenges).toEqual(['WEB_AUTHN', 'EMAIL_OTP']);
    expect(back.context.username).toBe('ana@example.com');
  });

  it('without a choice, a closed prompt returns to sign-in with the e-mail kept; another error stays on the passkey screen', async () => {
    const { send } = await start({
      signIn: { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } },
      passkeyPrompt: [fail('NotAuthorizedException', 'Incorrect passkey.'), cancelled],
    });
    const refused = await send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: 'ana@example.com' } });
    expect(refused.value).toEqual({ passkey: 'idle' });
    expect(refused.context.error?.message).toBe('Incorrect passkey.');
    // No choice was offered: "Choose another way" does nothing.
    expect((await send({ type: 'CHOOSE_FACTOR' })).value).toEqual({ passkey: 'idle' });
    const back = await send(submit({}));
    expect(back.value).toEqual({ signIn: 'idle' });
    expect(back.context.error).toEqual(cancelled.error);
    expect(back.context.username).toBe('ana@example.com');
  });
});

describe('passkey autofill (a conditional request while sign-in waits)', () => {
  const signedIn = { output: { step: 'DONE', user: sampleUser } } as const;
  const cancelled = fail('PasskeyCancelled', 'The passkey request was cancelled or timed out.');

  it('a passkey picked from the autofill signs in with no button pressed', async () => {
    const { actor, calls } = await start({ passkeyAutofill: signedIn, fetchUserAttributes: verifiedAttributes });
    expect(routeOf(actor.getSnapshot())).toBe('authenticated');
    expect(actor.getSnapshot().context.user).toEqual(sampleUser);
    expect(calls.map((call) => call.name)).toEqual(['loadSession', 'passkeyAutofill', 'fetchUserAttributes']);
  });

  it('nothing to offer, or a request that ended unused: no error, and the form still signs in', async () => {
    for (const outcome of ['hold', cancelled] as const) {
      const { actor, send } = await start({ passkeyAutofill: outcome, signIn: signedIn, fetchUserAttributes: verifiedAttributes });
      expect(actor.getSnapshot().value).toEqual({ signIn: 'idle' });
      expect(actor.getSnapshot().context.error).toBeUndefined();
      expect(routeOf(await send(submit(signInForm)))).toBe('authenticated');
    }
  });

  it('a passkey the pool refuses: the reason on the sign-in screen, the form still there', async () => {
    const { actor } = await start({ passkeyAutofill: fail('NotAuthorizedException', 'Incorrect passkey.') });
    expect(actor.getSnapshot().value).toEqual({ signIn: 'idle' });
    expect(actor.getSnapshot().context.error).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect passkey.' });
  });

  it('runs only while sign-in waits: a password sign-in or the passkey button stops (aborts) it first, and a failed one starts it again', async () => {
    const signals: AbortSignal[] = [];
    const order: string[] = [];
    const machine = authenticatorMachine.provide({
      actors: {
        loadSession: fromPromise<SessionUser | null>(() => Promise.resolve(null)),
        passkeyAutofill: fromPromise<SignInOutput>(({ signal }) => {
          signals.push(signal);
          order.push('autofill');
          return new Promise(() => {});
        }),
        signIn: fromPromise<SignInOutput, SignInInput>(() => {
          order.push(`signIn after the request was ${signals.at(-1)?.aborted ? 'aborted' : 'left running'}`);
          return Promise.reject(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'INIT' });
    await flush();
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['passkeyAutofill']);
    actor.send(submit(signInForm));
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['signIn']);
    await flush();
    // Refused: back on the form, where a new autofill request starts.
    expect(actor.getSnapshot().value).toEqual({ signIn: 'idle' });
    actor.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: 'ana@example.com' } });
    await flush();
    expect(order).toEqual([
      'autofill',
      'signIn after the request was aborted',
      'autofill',
      'signIn after the request was aborted',
      'autofill',
    ]);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true, false]);
    actor.stop();
  });
});
