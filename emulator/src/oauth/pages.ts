/**
 * The HTML of the hosted UI: the sign-in page (/login), the stand-in pages of
 * the social providers, and the error page. Plain forms without script, so
 * the pages work under a Content-Security-Policy that allows no script at all.
 */
import type { SocialProviderType } from '../state.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** What a person reads for each provider. */
export const PROVIDER_LABELS: Record<SocialProviderType, string> = {
  Google: 'Google',
  Facebook: 'Facebook',
  LoginWithAmazon: 'Amazon',
  SignInWithApple: 'Apple',
};

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#222}' +
  'label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}' +
  'button,a.button{margin:.8rem .4rem 0 0;padding:.5rem 1rem;display:inline-block}.error{color:#b00020}.note{color:#666;font-size:.9rem}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function providerPage(type: SocialProviderType, requestId: string, error?: string): string {
  const label = PROVIDER_LABELS[type];
  return page(
    `${label} (test pool stand-in)`,
    `<h1>Sign in with ${escapeHtml(label)}</h1>` +
      `<p class="note">A stand-in for ${escapeHtml(label)}'s sign-in page, served by the Cognito test pool. Type the identity the provider would vouch for.</p>` +
      (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="/provider/${encodeURIComponent(type)}">` +
      `<input type="hidden" name="request" value="${escapeHtml(requestId)}">` +
      `<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="off">` +
      `<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="off">` +
      `<button type="submit" name="action" value="continue">Continue</button>` +
      `<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>` +
      `</form>`,
  );
}

export interface LoginPageOptions {
  requestId: string;
  /** the hosted page's own form is shown when the client allows COGNITO */
  withForm: boolean;
  /** links to /oauth2/authorize with each provider the client allows */
  providers: { type: SocialProviderType; href: string }[];
  error?: string;
}

export function loginPage(options: LoginPageOptions): string {
  const form = options.withForm
    ? `<form method="post" action="/login">` +
      `<input type="hidden" name="request" value="${escapeHtml(options.requestId)}">` +
      `<label for="username">E-mail</label><input id="username" name="username" type="text" autocomplete="username">` +
      `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">` +
      `<button type="submit">Sign in</button></form>`
    : '';
  const links = options.providers
    .map(({ type, href }) => `<a class="button" href="${escapeHtml(href)}">Continue with ${escapeHtml(PROVIDER_LABELS[type])}</a>`)
    .join('');
  return page(
    'Sign in (test pool)',
    `<h1>Sign in</h1>` + (options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '') + form + links,
  );
}

export function errorPage(code: string, description?: string): string {
  return page(
    'Error (test pool)',
    `<h1>An error was encountered with the requested page.</h1><p class="error" role="alert">${escapeHtml(code)}</p>` +
      (description ? `<p>${escapeHtml(description)}</p>` : ''),
  );
}

/** A step of a sign-in on the hosted page after the password, as the page shows it. */
export type ChallengeStep =
  | { kind: 'code'; challenge: 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP'; destination?: string }
  | { kind: 'choose'; choices: string[] }
  | { kind: 'newPassword'; requiredAttributes: string[] }
  /** a step this page does not offer (setting a second factor up): the sign-in cannot finish here */
  | { kind: 'unavailable'; message: string };

export interface ChallengePageOptions {
  requestId: string;
  /** the sign-in's Session, posted back with the answer */
  session: string;
  step: ChallengeStep;
  error?: string;
}

const CHOICE_LABELS: Record<string, string> = {
  SOFTWARE_TOKEN_MFA: 'Authenticator app',
  SMS_MFA: 'Text message',
  EMAIL_OTP: 'E-mail',
};

function stepFields(step: ChallengeStep): { title: string; fields: string } {
  switch (step.kind) {
    case 'code': {
      const prompt =
        step.challenge === 'SOFTWARE_TOKEN_MFA'
          ? 'Type the code your authenticator app shows.'
          : `Type the code we sent to ${step.destination ?? 'you'}.`;
      return {
        title: 'Two-step verification',
        fields:
          `<p>${escapeHtml(prompt)}</p>` +
          `<label for="code">Code</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code">` +
          `<button type="submit">Verify</button>`,
      };
    }
    case 'choose':
      return {
        title: 'Two-step verification',
        fields:
          `<p>Choose how to verify it is you.</p>` +
          step.choices
            .map(
              (choice) =>
                `<button type="submit" name="choice" value="${escapeHtml(choice)}">${escapeHtml(CHOICE_LABELS[choice] ?? choice)}</button>`,
            )
            .join(''),
      };
    case 'newPassword':
      return {
        title: 'Choose a new password',
        fields:
          `<label for="new_password">New password</label><input id="new_password" name="new_password" type="password" autocomplete="new-password">` +
          step.requiredAttributes
            .map(
              (name) =>
                `<label for="${escapeHtml(name)}">${escapeHtml(name)}</label><input id="${escapeHtml(name)}" name="userAttributes.${escapeHtml(name)}" type="text">`,
            )
            .join('') +
          `<button type="submit">Change password</button>`,
      };
    case 'unavailable':
      return { title: 'Sign-in cannot finish here', fields: `<p>${escapeHtml(step.message)}</p>` };
  }
}

/** The page of one sign-in step after the password: it posts back to /login with the request and the Session. */
export function challengePage(options: ChallengePageOptions): string {
  const { title, fields } = stepFields(options.step);
  const form =
    options.step.kind === 'unavailable'
      ? fields
      : `<form method="post" action="/login">` +
        `<input type="hidden" name="request" value="${escapeHtml(options.requestId)}">` +
        `<input type="hidden" name="session" value="${escapeHtml(options.session)}">` +
        fields +
        `</form>`;
  return page(
    `${title} (test pool)`,
    `<h1>${escapeHtml(title)}</h1>` + (options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '') + form,
  );
}
