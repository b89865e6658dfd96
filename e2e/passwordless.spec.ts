/**
 * Passwordless sign-in (issue 17) in Chromium against the local pool, whose
 * seeded pool allows passwords, e-mailed codes and passkeys (relying party
 * localhost). The app is told so by its config.json, as a deployment would
 * be: Cognito tells no visitor which first factors a pool allows. Passkeys use
 * Chromium's virtual authenticator (CDP), with real attestations and
 * assertions the pool verifies.
 */
import type { Page } from '@playwright/test';
import { expectDashboard, signOut, submitSignIn } from './auth-support/screens.ts';
import { cognitoCalls, expect, test, type LoggedRequest } from './fixtures.ts';
import type { TestPool } from './testPool.ts';
import { needsOutbox, needsPrivatePool } from './needs.ts';

const PASSWORD = 'Passw0rd-less!';

/** The deployment's config.json, as served, with the first factors the pool allows (and other settings given). */
async function allowPasswordless(page: Page, settings: Record<string, unknown> = {}) {
  await page.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...served, firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'], ...settings } });
  });
}

/** Chromium's virtual authenticator (CDP): a platform authenticator that verifies the user and answers at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/**
 * The pool's passkey request options with a shorter timeout, so that a prompt nobody answers runs out within the
 * test; everything else of the pool's answer is passed on as it came.
 */
async function shortenPasskeyTimeout(page: Page, timeout: number) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (!/\.(InitiateAuth|RespondToAuthChallenge)$/.test(target)) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { ChallengeParameters?: Record<string, string> };
      const options = body.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS;
      if (options) body.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS = JSON.stringify({ ...JSON.parse(options), timeout });
      await route.fulfill({ response, json: body });
    },
  );
}

/** The AuthParameters of every InitiateAuth USER_AUTH among the logged requests. */
function userAuthStarts(requests: LoggedRequest[]): Record<string, string>[] {
  return requests.flatMap((request) => {
    if (request.operation !== 'InitiateAuth') return [];
    const body = JSON.parse(request.body) as { AuthFlow?: string; AuthParameters?: Record<string, string> };
    return body.AuthFlow === 'USER_AUTH' ? [body.AuthParameters ?? {}] : [];
  });
}

/** The offer made after a password sign-in. */
const passkeyOffer = (page: Page) => page.getByRole('dialog', { name: 'Sign in faster next time?' });

/**
 * A browser that makes passkeys only with a dialog (no WebAuthn conditional create, which Chromium has): the offer
 * after a password sign-in is a question.
 */
async function withoutConditionalCreate(page: Page) {
  await page.addInitScript(() => {
    const capabilities = PublicKeyCredential.getClientCapabilities.bind(PublicKeyCredential);
    PublicKeyCredential.getClientCapabilities = async () => ({ ...(await capabilities()), conditionalCreate: false });
  });
}

/** A new customer with a password signs in with it where passkeys are allowed; the offer is showing. */
async function signedInWithPassword(page: Page, pool: TestPool, secrets: Set<string>, label: string) {
  await withoutConditionalCreate(page);
  secrets.add(PASSWORD);
  const email = pool.newEmail(label);
  await pool.createUser(email, PASSWORD);
  await allowPasswordless(page);
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  const offer = passkeyOffer(page);
  await expect(offer).toBeVisible();
  return { email, offer };
}

test('one "or" divider between the sign-in form and the other ways, whichever are offered and wherever they sit', async ({ page }) => {
  const form = page.getByRole('button', { name: 'Sign in', exact: true });
  const dividers = page.getByRole('separator');
  // Codes and passkeys with a provider: one divider, not one under the providers and another above the codes.
  await allowPasswordless(page, { socialProviders: ['google'] });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Google/ })).toBeVisible();
  await expect(dividers).toHaveCount(1);
  await expect(dividers).toHaveText('or');
  await expect(form).toBeVisible();
  // The factor used last on this device moves above the form: still one divider.
  await page.evaluate(() => localStorage.setItem('signIn.lastFactor', 'EMAIL_OTP'));
  await page.unroute('**/config.json');
  await allowPasswordless(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'E-mail me a code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expect(dividers).toHaveCount(1);
  // The password alone: no divider. On the live card: the prerendered one, which has none, shows until the app has
  // read the configuration (a check made on it passed at once, and the test ended with that read still on its way).
  await page.unroute('**/config.json');
  await allowPasswordless(page, { firstFactors: ['PASSWORD'] });
  await page.reload();
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(dividers).toHaveCount(0);
});

test('the choice of first factors, then a code by e-mail: a wrong code is refused, a new code sent again signs in, the old one void', async ({
  page,
  pool,
  requests,
}) => {
  needsOutbox();
  const email = pool.newEmail('passwordless-code');
  await pool.createUser(email, PASSWORD);
  await allowPasswordless(page);
  await page.goto('/dashboard');
  // With the e-mail empty: the field's one message, the focus on it, nothing sent.
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(emailField).toHaveAccessibleDescription('This field is required');
  await expect(emailField).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Username cannot be empty')).toHaveCount(0);
  expect(cognitoCalls(requests)).toEqual([]);
  await emailField.fill(email);
  // This customer has no passkey: the pool offers its choice instead.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose how to sign in' })).toBeVisible();
  const choices = page.getByRole('group', { name: 'Ways to sign in' }).getByRole('button');
  await expect(choices).toHaveText(['Use my password', 'E-mail me a code']);
  await choices.filter({ hasText: 'E-mail me a code' }).click();

  const codeField = page.getByRole('textbox', { name: 'Code' });
  await expect(page.getByRole('heading', { level: 2, name: 'Enter the code from your e-mail' })).toBeVisible();
  await expect(codeField).toBeFocused();
  const code = await pool.latestCode(email);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(codeField).toBeVisible();

  // Resend: the sign-in starts again for a new code; the card says where it went and the button waits a while.
  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect.poll(async () => (await pool.messages(email)).length).toBe(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(/^A new code is on its way to \w\*\*\*@\w\*\*\*\.\w+\.$/);
  await expect(page.getByRole('button', { name: /^Resend Code \(\d+ s\)$/ })).toBeDisabled();
  const fresh = await pool.latestCode(email);
  // The first code belonged to the first sign-in's session: Cognito refuses it now.
  await codeField.fill(code === fresh ? (code === '000000' ? '111111' : '000000') : code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await codeField.fill(fresh);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
  // No password went anywhere: USER_AUTH, the choice, a code; USER_AUTH again for the new code, then a code (twice).
  expect(cognitoCalls(requests).filter((call) => call !== 'GetUser')).toEqual([
    'InitiateAuth',
    'RespondToAuthChallenge',
    'RespondToAuthChallenge',
    'InitiateAuth',
    'RespondToAuthChallenge',
    'RespondToAuthChallenge',
  ]);
});

test('"E-mail me a code" shows the code screen at once, while the pool sends the code: what was typed stays when it answers, and a refusal returns to sign-in with the e-mail kept', async ({
  page,
  pool,
}) => {
  needsOutbox();
  const email = pool.newEmail('code-at-once');
  await pool.createUser(email, PASSWORD);
  await allowPasswordless(page);
  // The pool's answers to the sign-in's start: refused the first time, as a busy pool refuses; then held back.
  let answer: 'refuse' | 'hold' = 'refuse';
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (!route.request().headers()['x-amz-target']?.endsWith('.InitiateAuth')) return route.fallback();
      if (answer === 'refuse') {
        const refusal = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
        return route.fulfill({ status: 400, contentType: 'application/x-amz-json-1.1', body: JSON.stringify(refusal) });
      }
      await held;
      return route.fallback();
    },
  );
  await page.goto('/dashboard');
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await emailField.fill(email);
  const sendCode = page.getByRole('button', { name: 'E-mail me a code' });
  await sendCode.click();
  await expect(page.getByRole('alert')).toContainText('Attempt limit exceeded, please try after some time.');
  await expect(emailField).toHaveValue(email);
  // The keyboard is back where the customer can correct or try again, not left on the page.
  await expect(emailField).toBeFocused();

  answer = 'hold';
  await sendCode.click();
  // The pool has not answered (its answer is held): the screen is there, its field ready, its button waiting.
  const codeField = page.getByRole('textbox', { name: 'Code' });
  await expect(page.getByRole('heading', { level: 2, name: 'Enter the code from your e-mail' })).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(page.getByText(/We sent a code to your e-mail\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.keyboard.type('12');
  release();
  // Answered: where the code went, as the pool masks it; the field, the focus and what was typed as they were.
  await expect(page.getByText(/We sent a code to \w\*\*\*@\w\*\*\*\.\w+\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await expect(codeField).toHaveValue('12');
  await expect(codeField).toBeFocused();
  await codeField.fill(await pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
});

test('a passkey made on the Account page signs the customer in; a prompt left unanswered times out back to sign-in with the e-mail kept; later the passkey confirms it is the customer before its own deletion', async ({
  page,
  pool,
  secrets,
}) => {
  needsPrivatePool('a passkey needs a relying party the page belongs to: the local pool has localhost');
  secrets.add(PASSWORD);
  const email = pool.newEmail('passkey');
  await pool.createUser(email, PASSWORD);
  // This deployment makes no offer after a password sign-in: the Account page is the way to a passkey.
  await allowPasswordless(page, { offerPasskey: false });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  // A browser without passkey autofill (which has tests of its own): once the virtual authenticator answers by
  // itself again, a conditional request still open from the card would sign in before the button is pressed.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });

  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  await expect(passkeyOffer(page)).toHaveCount(0);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Your passkey is ready: next time, sign in with it.');
  const passkey = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkey).toHaveCount(1);
  // Chromium's virtual authenticator is no well-known provider: the pool's name, and the day the passkey was made.
  await expect(passkey).toContainText(/^Passkey 1 · \S.*\d{4}/);
  // This device noted the authenticator's model (AAGUID); a well-known provider's names the passkey after it.
  const noted = await page.evaluate(() => JSON.parse(localStorage.getItem('passkeys.authenticators') ?? '{}') as Record<string, string>);
  expect(Object.values(noted)).toEqual([expect.stringMatching(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/)]);
  const [credentialId] = Object.keys(noted);
  await page.evaluate(
    (id) => localStorage.setItem('passkeys.authenticators', JSON.stringify({ [id]: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' })),
    credentialId!,
  );
  await page.reload();
  await expect(passkey).toContainText(/^Google Password Manager · \S.*\d{4}/);
  await expect(passkey.getByRole('button', { name: /^Delete the passkey Google Password Manager · / })).toBeVisible();

  // Nobody touches the authenticator from here: the browser's prompt runs out (the pool's timeout, shortened here to
  // a second, else three minutes), back on sign-in, saying so, the e-mail still there.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  await signOut(page);
  await shortenPasskeyTimeout(page, 1000);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // While the prompt stands, the screen under it says what the browser is asking for (drawn once the prompt has
  // stood a moment; an authenticator that answers before that goes straight on, src/authenticator/snapshotView.ts).
  await expect(page.getByRole('heading', { name: 'Sign in with a passkey' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('The passkey request was cancelled or timed out.');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  // The passkey, used last on this device, is now offered first; this time the customer touches the authenticator.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // Signed in where the customer was: the deep link survives sign-in.
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);

  // Eleven minutes later (the page's clock moved on), deleting the passkey asks first; the passkey itself confirms it.
  await page.clock.install();
  await page.reload();
  await expect(passkey).toHaveCount(1);
  await page.clock.fastForward('11:00');
  await passkey.getByRole('button', { name: /^Delete the passkey / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await confirm.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
});

test('after a password sign-in, a passkey is offered and made; the next sign-in uses it by autofill and offers nothing', async ({
  page,
  pool,
  secrets,
  requests,
}) => {
  needsPrivatePool('a passkey needs a relying party the page belongs to: the local pool has localhost');
  await addVirtualAuthenticator(page);
  const { email, offer } = await signedInWithPassword(page, pool, secrets, 'passkey-offer');
  await offer.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(offer.getByRole('status')).toHaveText('Your passkey is ready: next time, sign in with it.');
  await offer.getByRole('button', { name: 'Done' }).click();
  await expect(offer).toHaveCount(0);
  expect(cognitoCalls(requests)).toEqual(expect.arrayContaining(['StartWebAuthnRegistration', 'CompleteWebAuthnRegistration']));

  // Only what follows counts below (the log itself stays whole: the secret checks read it).
  const since = requests.length;
  await signOut(page);
  // Passkey autofill: this device's last account has a passkey, which the browser offers in the e-mail field's
  // suggestions. The virtual authenticator picks it by itself (a customer would choose it there): signed in, no
  // button pressed, its challenge asked for once.
  await expectDashboard(page);
  expect(cognitoCalls(requests.slice(since))).toEqual(['RevokeToken', 'InitiateAuth', 'RespondToAuthChallenge']);
  expect(userAuthStarts(requests.slice(since))).toEqual([{ USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' }]);
  // Signed in with the passkey: nothing is offered. The Account page lists the one made (its own list call,
  // the only one: after a passkey the offer does not even look).
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  await expect(offer).toHaveCount(0);
  expect(cognitoCalls(requests.slice(since)).filter((call) => call === 'ListWebAuthnCredentials')).toHaveLength(1);
  expect(cognitoCalls(requests.slice(since))).not.toContain('StartWebAuthnRegistration');
});

test('"Not now" to the passkey offer: the next password sign-in on this device offers nothing', async ({
  page,
  pool,
  secrets,
  requests,
}) => {
  needsPrivatePool('the offer lists passkeys, which the local pool allows with relying party localhost');
  const { email, offer } = await signedInWithPassword(page, pool, secrets, 'passkey-not-now');
  await expect(offer.getByRole('button', { name: 'Create a passkey' })).toBeFocused();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('passkeyOffer.dismissedAt'))).toMatch(/^\d{4}-\d\d-\d\dT/);

  await signOut(page);
  // Only what follows counts below (the log itself stays whole: the secret checks read it).
  const since = requests.length;
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  // The Account page's list is the only one: the offer, quiet on this device, did not look.
  await expect(offer).toHaveCount(0);
  expect(cognitoCalls(requests.slice(since)).filter((call) => call === 'ListWebAuthnCredentials')).toHaveLength(1);
});

test('passkey autofill: the e-mail field takes passkeys; a request the customer ignores leaves the password working; a browser without conditional mediation asks for nothing', async ({
  page,
  pool,
  secrets,
  requests,
}) => {
  needsPrivatePool('a passkey needs a relying party the page belongs to: the local pool has localhost');
  // A browser without conditional mediation, while the test says so (init scripts stay for every load).
  await page.addInitScript(() => {
    if (localStorage.getItem('e2e.noConditionalMediation') !== 'yes') return;
    PublicKeyCredential.isConditionalMediationAvailable = () => {
      (window as { asked?: number }).asked = ((window as { asked?: number }).asked ?? 0) + 1;
      return Promise.resolve(false);
    };
  });
  secrets.add(PASSWORD);
  const email = pool.newEmail('autofill');
  await pool.createUser(email, PASSWORD);
  await allowPasswordless(page, { offerPasskey: false });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'username webauthn');
  // Nobody signed in here yet: no account to offer a passkey for, no request.
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  expect(userAuthStarts(requests)).toEqual([]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('signIn.lastLogin'))).toBe(email);
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Your passkey is ready: next time, sign in with it.');

  // The customer ignores the passkey the e-mail field offers (nobody touches the authenticator): its challenge was
  // asked for once, nothing is said, and the password signs in, the conditional request ended first.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  let since = requests.length;
  await signOut(page);
  await expect.poll(() => userAuthStarts(requests.slice(since))).toEqual([{ USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' }]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  expect(userAuthStarts(requests.slice(since))).toHaveLength(1);

  // A browser without conditional mediation sees today's card, and asks the pool for nothing.
  await page.evaluate(() => localStorage.setItem('e2e.noConditionalMediation', 'yes'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  since = requests.length;
  await signOut(page);
  await expect.poll(() => page.evaluate(() => (window as { asked?: number }).asked)).toBe(1);
  await page.waitForLoadState('networkidle');
  // (The Account page's own calls may still be answering: only the sign-in's count.)
  expect(cognitoCalls(requests.slice(since)).filter((call) => call === 'InitiateAuth' || call === 'RespondToAuthChallenge')).toEqual([]);
});

test('after a password sign-in, where the browser makes passkeys with no dialog, one is made quietly and the password manager kept in step (Signal API); refused, the offer is asked', async ({
  page,
  pool,
  secrets,
  requests,
}) => {
  needsPrivatePool('a passkey needs a relying party the page belongs to: the local pool has localhost');
  await page.addInitScript(() => {
    const record = window as { quietCreates?: number; signals?: unknown[] };
    record.signals = [];
    // Headless Chromium never settles a conditional create with the virtual authenticator: the password manager's
    // quiet passkey is made here as an ordinary one (or refused while the test says so); the app asked for it
    // with mediation "conditional", which is counted.
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options?: CredentialCreationOptions) => {
      if ((options as { mediation?: string } | undefined)?.mediation !== 'conditional') return create(options);
      record.quietCreates = (record.quietCreates ?? 0) + 1;
      if (localStorage.getItem('e2e.refuseQuietPasskey') === 'yes') return Promise.reject(new DOMException('Not now.', 'NotAllowedError'));
      const { mediation: _, ...ordinary } = options as CredentialCreationOptions & { mediation?: string };
      return create(ordinary);
    };
    // The Signal API's calls, recorded (Chromium's own would tell a password manager the test cannot see).
    const api = PublicKeyCredential as unknown as Record<string, (options: unknown) => Promise<void>>;
    for (const name of ['signalAllAcceptedCredentials', 'signalCurrentUserDetails', 'signalUnknownCredential']) {
      api[name] = (options) => {
        record.signals!.push({ [name]: options });
        return Promise.resolve();
      };
    }
  });
  const signals = () => page.evaluate(() => (window as { signals?: unknown[] }).signals ?? []);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  secrets.add(PASSWORD);
  const email = pool.newEmail('quiet-passkey');
  await pool.createUser(email, PASSWORD);
  await allowPasswordless(page);
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  // No dialog: the passkey is made (conditional create) and registered.
  await expect.poll(() => cognitoCalls(requests).filter((call) => call === 'CompleteWebAuthnRegistration')).toHaveLength(1);
  expect(await page.evaluate(() => (window as { quietCreates?: number }).quietCreates)).toBe(1);
  await expect(passkeyOffer(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  const passkey = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkey).toHaveCount(1);
  await expect(passkeyOffer(page)).toHaveCount(0);

  // The list read: the password manager is told which passkeys the pool accepts, for this account (its user handle
  // as the pool made the passkey, noted here).
  const [credentialId] = Object.keys(
    await page.evaluate(() => JSON.parse(localStorage.getItem('passkeys.authenticators') ?? '{}') as Record<string, string>),
  );
  const account = { rpId: 'localhost', userId: expect.stringMatching(/^[\w-]+$/) };
  await expect.poll(signals).toEqual([{ signalAllAcceptedCredentials: { ...account, allAcceptedCredentialIds: [credentialId] } }]);
  // A new name: the password manager shows it.
  await page.getByRole('textbox', { name: 'Given Name' }).fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
  await expect
    .poll(async () => (await signals()).slice(1))
    .toEqual([{ signalCurrentUserDetails: { ...account, name: email, displayName: 'Ada' } }]);
  // The passkey deleted: none accepted any more.
  await passkey.getByRole('button', { name: /^Delete the passkey / }).click();
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  await expect
    .poll(async () => (await signals()).slice(2))
    .toEqual([{ signalAllAcceptedCredentials: { ...account, allAcceptedCredentialIds: [] } }]);

  // Another customer on this device, whose quiet passkey the password manager refuses: the offer is asked, as ever.
  // (Nobody touches the authenticator: whatever autofill offers is left alone.)
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  await page.evaluate(() => localStorage.setItem('e2e.refuseQuietPasskey', 'yes'));
  await signOut(page);
  const other = pool.newEmail('quiet-passkey-refused');
  await pool.createUser(other, PASSWORD);
  const since = requests.length;
  await submitSignIn(page, other, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(passkeyOffer(page)).toBeVisible();
  expect(cognitoCalls(requests.slice(since))).not.toContain('CompleteWebAuthnRegistration');
});
