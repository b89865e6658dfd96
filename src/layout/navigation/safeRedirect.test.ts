import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect.ts';

const origin = 'https://app.example.com';

describe('the redirect after sign-in', () => {
  it('goes to the dashboard when none is asked for', () => {
    for (const value of [null, undefined, '']) expect(safeRedirect(value, origin)).toBe('/dashboard');
  });

  it('keeps a path on this origin, with its query and anchor', () => {
    expect(safeRedirect('/dashboard/pages/crud', origin)).toBe('/dashboard/pages/crud');
    expect(safeRedirect('/dashboard/documentation?x=1#test', origin)).toBe('/dashboard/documentation?x=1#test');
  });

  it('refuses anything that could leave the origin', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      ' /dashboard',
    ]) {
      expect(safeRedirect(value, origin), value).toBe('/dashboard');
    }
  });

  it('does not lead back to the sign-in page', () => {
    expect(safeRedirect('/auth/login?redirect=/auth/login', origin)).toBe('/dashboard');
  });
});
