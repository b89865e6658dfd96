/**
 * The page's Trusted Types default policy. The Content-Security-Policy
 * requires Trusted Types for scripts (docs/deploy.md), so every string the
 * page hands to an HTML sink (innerHTML, insertAdjacentHTML, srcdoc…) or a
 * script sink comes through here, and whatever this refuses throws instead.
 *
 * - HTML: text without "<" passes, since parsed as HTML it can make no
 *   element, only text. Mantine writes its theme's CSS into <style> elements
 *   that way, and nothing else in the app writes HTML. Markup never passes.
 * - Script URLs: only this origin's (the service worker's registration).
 * - Script text: never (the policy already forbids eval and inline scripts).
 *
 * The entry installs it before anything renders (no module writes HTML
 * while it loads). Browsers without Trusted Types ignore the directive; this
 * then does nothing.
 */

interface TrustedTypePolicyOptions {
  createHTML(input: string): string | null;
  createScript(input: string): string | null;
  createScriptURL(input: string): string | null;
}

interface TrustedTypesFactory {
  readonly defaultPolicy: unknown;
  createPolicy(name: 'default', options: TrustedTypePolicyOptions): unknown;
}

export function htmlWithoutMarkup(input: string): string | null {
  return input.includes('<') ? null : input;
}

export function sameOriginScriptUrl(input: string, origin: string): string | null {
  try {
    return new URL(input, origin).origin === origin ? input : null;
  } catch {
    return null;
  }
}

/** Creates the default policy once (a module evaluated again, in development, finds it there). */
export function installDefaultPolicy(scope: { trustedTypes?: TrustedTypesFactory; location?: { origin: string } } = globalThis): void {
  const factory = scope.trustedTypes;
  const origin = scope.location?.origin;
  if (!factory || factory.defaultPolicy || origin === undefined) return;
  factory.createPolicy('default', {
    createHTML: htmlWithoutMarkup,
    createScript: () => null,
    createScriptURL: (input) => sameOriginScriptUrl(input, origin),
  });
}
