import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../machines/authenticator/scenarios.ts';
import { indexPage, pictureName } from './screenshots.ts';

const screens = fileURLToPath(new URL('../docs/screens/', import.meta.url));

describe('docs/screens', () => {
  it('holds a picture of every scenario in its four languages and both schemes, and no other', () => {
    const wanted = SCENARIOS.flatMap((scenario) =>
      ['en', 'es', 'ar', 'de'].flatMap((language) => ['light', 'dark'].map((scheme) => pictureName(scenario.name, language, scheme))),
    );
    expect(
      wanted.filter((file) => !existsSync(`${screens}${file}`)),
      'missing: run `npm run screenshots`',
    ).toEqual([]);
    const extra = readdirSync(screens).filter((file) => file.endsWith('.png') && !wanted.includes(file));
    expect(extra, 'left from scenarios that are gone: run `npm run screenshots`').toEqual([]);
  });

  it('has an index page that lists the scenarios as they are', () => {
    expect(readFileSync(`${screens}index.html`, 'utf8'), 'run `npm run screenshots -- --index`').toBe(indexPage());
  });
});
