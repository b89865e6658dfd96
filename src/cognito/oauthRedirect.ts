/**
 * The part of the hosted-UI sign-in on the sign-in form's path, kept small:
 * its types, and noticing that this page load is the hosted UI's answer. The
 * callback URL is a sign-in path (src/first-paint/signInPaths.ts), so the
 * router is not loaded before the lazily loaded oauth.ts has put the
 * customer's own URL back in the address bar.
 */
import type { KeyValueStorage } from './tokenStore.ts';

/** What the hosted UI needs of the app client's settings (Amplify's `oauth` block). */
export interface OAuthSettings {
  /** the pool's domain: `auth.example.com` (https), or a URL such as the test pool's `http://localhost:9229` */
  domain: string;
  scopes: string[];
  redirectSignIn: string[];
  redirectSignOut: string[];
  responseType: 'code' | 'token';
}

/** The browser as the hosted-UI sign-in uses it; tests give their own. */
export interface OAuthBrowser {
  /** the page's URL, as `location.href` */
  readonly href: string;
  /** leaves the page for the hosted UI */
  assign(url: string): void;
  /** rewrites the address bar without loading anything */
  replace(url: string): void;
  /** where the flow's state and verifier wait for the answer (sessionStorage: this tab only) */
  session: KeyValueStorage;
}

/** The flow a tab started, kept until the answer comes back. */
export interface PendingFlow {
  state: string;
  verifier?: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  /** where the customer was: path, query and hash */
  returnTo: string;
}

/** Whether this page load is the hosted UI's answer: the callback URL (which only the hosted UI sends customers to). */
export const isRedirectAnswer = (oauth: OAuthSettings | undefined, href = ''): boolean =>
  !!oauth?.redirectSignIn.includes(href.split(/[?#]/)[0]!);
