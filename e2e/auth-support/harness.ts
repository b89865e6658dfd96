/**
 * The sign-in widget's harness page (src/authenticator/harness/), which takes
 * AuthProvider settings and machine options from the query string: for
 * settings the app does not pass yet (sign-up attributes, providers, a
 * hidden sign-up tab). It talks to the same test pool as the app.
 */
export interface HarnessSettings {
  totpIssuer?: string;
  socialProviders?: string[];
  signUpAttributes?: string[];
}

export function harnessUrl(settings: HarnessSettings = {}, options: { hideSignUp?: boolean; initialRoute?: string } = {}): string {
  const query = new URLSearchParams({ settings: JSON.stringify(settings), options: JSON.stringify(options) });
  return `/src/authenticator/harness/index.html?${query}`;
}
