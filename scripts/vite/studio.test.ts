import { describe, expect, it } from 'vitest';
import { isStudioRequest } from './studio.ts';

describe('the studio on the dev server', () => {
  it('answers /studio and any page asked for with ?scenario=', () => {
    for (const url of [
      '/studio',
      '/studio/',
      '/studio?open=signIn&lang=es',
      '/?scenario=signIn',
      '/dashboard?scenario=verifyUser-several&theme=dark',
    ]) {
      expect(isStudioRequest(url), url).toBe(true);
    }
  });

  it('leaves every other page, module and asset alone', () => {
    for (const url of [
      '/',
      '/dashboard',
      '/studios',
      '/src/studio/main.tsx?scenario=x',
      '/favicon.svg?scenario=x',
      '/?inspect',
      '/auth/login',
    ]) {
      expect(isStudioRequest(url), url).toBe(false);
    }
  });
});
