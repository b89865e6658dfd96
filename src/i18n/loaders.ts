/**
 * Where each catalogue chunk is: one loader per locale and part, found by
 * the build from the files in messages/. A chunk of its own (catalogue.ts
 * imports it on first need), so the entry does not carry ninety-odd chunk
 * addresses that an English visitor's first screen never uses.
 */
import type { Messages } from '@lingui/core';
import { retryable } from '../chunks/retryable.ts';
import { PSEUDO_LOCALE } from './locales.ts';
import { CHUNKS_OF_PART, type Chunk, type Part } from './parts.ts';

type Loader = () => Promise<Messages>;

/** Each locale's loader, asked for again under a new address after a failure (src/chunks/retryable.ts). */
const byLocale = (found: Record<string, () => Promise<{ default: Messages }>>): Map<string, Loader> =>
  new Map(
    Object.entries(found).map(([path, load]) => {
      const again = retryable(load);
      return [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), () => again().then((module) => module.default)];
    }),
  );

const LOADERS: Record<Chunk, Map<string, Loader>> = {
  signin: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'signin' } })),
  arriving: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'arriving' } })),
  screens: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'screens' } })),
  exceptions: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'exceptions' } })),
  app: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'app' } })),
  pages: byLocale(import.meta.glob<{ default: Messages }>('./messages/*.json', { query: { messages: 'pages' } })),
};

if (import.meta.env.DEV) {
  LOADERS.signin.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=signin&pseudo').then((module) => module.default));
  LOADERS.arriving.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=arriving&pseudo').then((module) => module.default));
  LOADERS.exceptions.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=exceptions&pseudo').then((module) => module.default));
  LOADERS.screens.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=screens&pseudo').then((module) => module.default));
  LOADERS.app.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=app&pseudo').then((module) => module.default));
  LOADERS.pages.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=pages&pseudo').then((module) => module.default));
}

/** One part of a locale's catalogue, its chunks fetched side by side; rejects for a locale without one. */
export async function loadMessages(locale: string, part: Part): Promise<Messages> {
  const loads = CHUNKS_OF_PART[part].map((chunk) => LOADERS[chunk].get(locale));
  if (loads.some((load) => !load)) throw new Error(`No catalogue for ${locale}`);
  const chunks = await Promise.all(loads.map((load) => load!()));
  return Object.assign({}, ...chunks) as Messages;
}
