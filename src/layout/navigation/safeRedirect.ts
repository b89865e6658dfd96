/** Where a sign-in leads when it was not asked to go anywhere else (or somewhere it must not). */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The path a `?redirect=` asks for, if it stays on this origin; the
 * dashboard otherwise. Guards against open redirects (`//evil.example`,
 * `https://evil.example`, `/\evil.example`, `javascript:`) and against
 * leading back to the sign-in page itself.
 */
export function safeRedirect(requested: string | null | undefined, origin: string): string {
  if (!requested || !requested.startsWith('/') || requested.startsWith('//') || requested.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(requested, origin);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('/auth/login')) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
