/**
 * Which chunk a message travels in. The first screen's words (the card, the
 * sign-in form, the form rules, the errors, the notices) come with the entry
 * in English; the words of the screens after it (`screen.*`, `passwordless.*`) with those
 * screens; the signed-in app's words (the shell, the pages, the Account page)
 * only with the dashboard. Decided by the key's first segment, so a catalogue
 * is one flat file and the build splits it (scripts/vite/messages.ts).
 */
export const PARTS = ['signin', 'screens', 'app'] as const;
export type Part = (typeof PARTS)[number];

/** The first segments of keys outside the first screen's part, and their part. */
export const NAMESPACE_PARTS: Readonly<Record<string, Exclude<Part, 'signin'>>> = {
  passwordless: 'screens',
  // the words of the screens after the sign-in screen (screens/later.ts), which load beside them
  screen: 'screens',
  // the words for an exception by its name alone, shown where a message is not known (translate.ts)
  exception: 'screens',
  account: 'app',
  passkeys: 'app',
  // the shell (menu, top bar, footer, settings panel), the pages' titles and headings, and the open pages the router
  // shows (landing, 404, access denied and error); `app.*` (a chunk that failed) stays in the first part, as it can
  // show before the router has arrived
  shell: 'app',
  page: 'app',
  landing: 'app',
  notFound: 'app',
  authPage: 'app',
};

export const partOf = (key: string): Part => NAMESPACE_PARTS[key.split('.')[0]!] ?? 'signin';
