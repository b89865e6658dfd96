import { describe, expect, it } from 'vitest';
import { nextVisit, type PageVisit, type VisitedLocation } from './pageKey.ts';

const at = (key: string, pathname: string, hash = '', search = ''): VisitedLocation => ({ key, pathname, search, hash });
const walk = (...locations: VisitedLocation[]) =>
  locations.reduce<PageVisit[]>((visits, location) => [...visits, nextVisit(visits.at(-1), location)], []).map((v) => v.pageKey);

describe('the page key', () => {
  it('changes when the page changes', () => {
    expect(walk(at('a', '/dashboard'), at('b', '/dashboard/pages/crud'))).toEqual(['a', 'b']);
  });

  it('changes when the current URL is navigated to again, so the page runs again', () => {
    expect(walk(at('a', '/dashboard/pages/crud'), at('b', '/dashboard/pages/crud'))).toEqual(['a', 'b']);
    expect(walk(at('a', '/docs', '#run'), at('b', '/docs', '#run'))).toEqual(['a', 'b']);
  });

  it('stays when only the anchor changes, so the page keeps its state', () => {
    expect(walk(at('a', '/docs'), at('b', '/docs', '#test'), at('c', '/docs', '#configure'), at('d', '/docs'))).toEqual([
      'a',
      'a',
      'a',
      'a',
    ]);
  });

  it('changes when the query changes', () => {
    expect(walk(at('a', '/empty', '', '?item=1'), at('b', '/empty', '', '?item=2'))).toEqual(['a', 'b']);
  });

  it('stays while the location is the same one (a re-render)', () => {
    expect(walk(at('a', '/x'), at('a', '/x'))).toEqual(['a', 'a']);
  });
});
