import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partOf } from '../../src/i18n/parts.ts';
import { compileCatalogue, pseudoText } from './messages.ts';

const ENGLISH = join(import.meta.dirname, '../../src/i18n/messages/en.json');

describe('the build', () => {
  it('splits a catalogue into its parts, compiled', () => {
    const signIn = compileCatalogue(ENGLISH, 'signin');
    const screens = compileCatalogue(ENGLISH, 'screens');
    const app = compileCatalogue(ENGLISH, 'app');
    expect(Object.keys(signIn).length + Object.keys(screens).length + Object.keys(app).length).toBe(
      Object.keys(JSON.parse(readFileSync(ENGLISH, 'utf8')) as object).length,
    );
    expect(Object.keys(app).every((key) => partOf(key) === 'app')).toBe(true);
    expect(Object.keys(screens).every((key) => partOf(key) === 'screens')).toBe(true);
    expect(Object.keys(signIn).every((key) => partOf(key) === 'signin')).toBe(true);
    expect(signIn.tabSignIn).toEqual(['Sign In']);
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
