/**
 * Which chunk a message travels in. The first screen's words (the card, the
 * sign-in form, the notices) come with the entry in English, and the messages
 * that arrive in English (form rules, errors) with any other language's first
 * words (`arriving`, below); the words of the screens after it (`screen.*`,
 * `passwordless.*`) with those screens; the signed-in app's words only with the
 * dashboard, in two chunks (the shell and the Account page; the pages' headings
 * and the open pages), so that no language's chunk passes 8 KB gzip, but for the
 * routes' titles and the brand, which the signed-in page's frame shows before
 * the dashboard arrives. Decided by the key's first segment, so a catalogue is one flat file and the build splits it
 * (scripts/vite/messages.ts).
 */
export const CHUNKS = ['signin', 'arriving', 'screens', 'exceptions', 'app', 'pages'] as const;
export type Chunk = (typeof CHUNKS)[number];

/** What a component asks for (useTranslation(part)): the signed-in app's part is its two chunks. */
export const PARTS = ['signin', 'screens', 'app'] as const;
export type Part = (typeof PARTS)[number];

/**
 * A language's chunks for each part. English's `signin` chunk is in the entry, and English never needs its
 * `arriving` chunk but to recognise messages for another language (catalogue.ts fetches it with that language's
 * first words).
 */
export const CHUNKS_OF_PART: Readonly<Record<Part, readonly Chunk[]>> = {
  signin: ['signin', 'arriving'],
  screens: ['screens', 'exceptions'],
  app: ['app', 'pages'],
};

/** The first segments of keys outside the first screen's chunk, and their chunk. */
export const NAMESPACE_CHUNKS: Readonly<Record<string, Exclude<Chunk, 'signin'>>> = {
  passwordless: 'screens',
  // the words of the screens after the sign-in screen (screens/later.ts), which load beside them
  screen: 'screens',
  // the words for an exception by its name alone, shown where a message is not known, in a language other than
  // English (translate.ts): English shows the service's own words, so it never fetches this chunk
  exception: 'exceptions',
  // the notice of a new version, which comes in a chunk of its own when there is one
  update: 'screens',
  account: 'app',
  passkeys: 'app',
  // the shell (menu, top bar, footer, settings panel)
  shell: 'app',
  // the pages' headings and texts, and the open pages the router shows (landing, 404, access denied and error);
  // `app.*` (a chunk that failed), the routes' titles (`route.*`) and the product's `brand` stay in the first chunk,
  // as they show before the router has arrived (the signed-in page's frame, src/layout/ShellFrame.tsx)
  page: 'pages',
  landing: 'pages',
  notFound: 'pages',
  authPage: 'pages',
};

/**
 * The messages that arrive in English (spec §5's form rules, spec §8's client errors, the pool's answers: translate.ts)
 * are shown as they came in English, so English's entry leaves them out: a language other than English has them in
 * its `arriving` chunk, beside English's words to recognise them by. English reads only these by key (translate.ts's
 * rewording, the configuration error's screen), and they stay in the first chunk.
 */
export const ARRIVING_NAMESPACES = ['rule', 'client', 'cognito'] as const;
export const READ_BY_KEY_IN_ENGLISH: ReadonlySet<string> = new Set([
  'client.configurationError',
  'cognito.NotAuthorizedException.incorrectCredentials',
]);

export const chunkOf = (key: string): Chunk => {
  const namespace = key.split('.')[0]!;
  if ((ARRIVING_NAMESPACES as readonly string[]).includes(namespace)) {
    return READ_BY_KEY_IN_ENGLISH.has(key) ? 'signin' : 'arriving';
  }
  return NAMESPACE_CHUNKS[namespace] ?? 'signin';
};
