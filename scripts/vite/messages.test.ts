import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { chunkOf, CHUNKS } from '../../src/i18n/parts.ts';
import { compileCatalogue, offeredLocales, pseudoText } from './messages.ts';

const ENGLISH = join(import.meta.dirname, '../../src/i18n/messages/en.json');

describe('the build', () => {
  it('splits a catalogue into its parts, compiled', () => {
    const signIn = compileCatalogue(ENGLISH, 'signin');
    const arriving = compileCatalogue(ENGLISH, 'arriving');
    const screens = compileCatalogue(ENGLISH, 'screens');
    const app = compileCatalogue(ENGLISH, 'app');
    const pages = compileCatalogue(ENGLISH, 'pages');
    const sizes = CHUNKS.map((chunk) => Object.keys(compileCatalogue(ENGLISH, chunk)).length);
    expect(sizes.reduce((sum, size) => sum + size)).toBe(Object.keys(JSON.parse(readFileSync(ENGLISH, 'utf8')) as object).length);
    expect(Object.keys(app).every((key) => chunkOf(key) === 'app')).toBe(true);
    expect(Object.keys(screens).every((key) => chunkOf(key) === 'screens')).toBe(true);
    expect(Object.keys(pages).every((key) => chunkOf(key) === 'pages')).toBe(true);
    expect(Object.keys(signIn).every((key) => chunkOf(key) === 'signin')).toBe(true);
    expect(signIn.tabSignIn).toEqual(['Sign In']);
    // What arrives in English leaves English's entry, but for the two messages English reads by key.
    expect(arriving['rule.required']).toEqual(['This field is required']);
    expect(signIn['rule.required']).toBeUndefined();
    expect(Object.keys(signIn).filter((key) => /^(?:rule|client|cognito)\./.test(key))).toEqual([
      'client.configurationError',
      'cognito.NotAuthorizedException.incorrectCredentials',
    ]);
    expect(app['account.codeSentTo']).toEqual(['We sent a code to ', ['destination'], '. Enter it to verify the address.']);
  });

  it('makes the pseudo-locale from English: accented, longer, placeholders kept', () => {
    expect(pseudoText('Sign In')).toMatch(/^Šíĝñ Íñ·+$/);
    expect(pseudoText('Sign In').length).toBeGreaterThanOrEqual(Math.round('Sign In'.length * 1.4) - 1);
    const pseudo = compileCatalogue(ENGLISH, 'app', true);
    const tokens = pseudo['account.codeSentTo'] as unknown[];
    expect(tokens[0]).toBe('⟦');
    expect(tokens).toContainEqual(['destination']);
    expect(JSON.stringify(tokens)).not.toContain('We sent');
  });
});

describe('each language beyond English', () => {
  it('arrives in chunks of at most 8 KB gzip each, fetched only by those who use it', () => {
    const directory = join(import.meta.dirname, '../../src/i18n/messages');
    const largest = { size: 0, where: '' };
    for (const locale of offeredLocales(join(import.meta.dirname, '../..')).filter((tag) => tag !== 'en')) {
      for (const chunk of CHUNKS) {
        const size = gzipSync(`export default ${JSON.stringify(compileCatalogue(join(directory, `${locale}.json`), chunk))};`, {
          level: 9,
        }).length;
        if (size > largest.size) Object.assign(largest, { size, where: `${locale} ${chunk}` });
        expect(size, `${locale}'s ${chunk} chunk`).toBeLessThanOrEqual(8 * 1024);
      }
    }
    expect(largest.size).toBeGreaterThan(0);
  });
});
