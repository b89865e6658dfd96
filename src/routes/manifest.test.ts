import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MENU_SECTIONS, ROUTES, routeAt } from './manifest.ts';

describe('the route manifest', () => {
  it('names a page module that exists for every route with a page', () => {
    for (const route of ROUTES) {
      if ('page' in route) expect(existsSync(new URL(`../pages/${route.page}.tsx`, import.meta.url)), route.path).toBe(true);
    }
  });

  it('lists each path once, without a trailing slash', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path === '/' || !path.endsWith('/'), path).toBe(true);
  });

  it('puts the shell behind the sign-in gate, with the prerendered card', () => {
    for (const route of ROUTES) {
      if ('shell' in route) expect([route.path, route.guarded, route.card]).toEqual([route.path, true, true]);
    }
    expect(ROUTES.every((route) => !('menu' in route) || route.menu === undefined || MENU_SECTIONS.includes(route.menu.section))).toBe(
      true,
    );
  });

  it('finds the route at an address as the router matches it: any case, an optional trailing slash', () => {
    expect(routeAt('/dashboard')?.title).toBe('route.dashboard');
    expect(routeAt('/Dashboard/UIKit/Button/')?.title).toBe('route.button');
    expect(routeAt('/')?.title).toBe('route.landing');
    expect(routeAt('/dashboard/no-such-page')).toBeUndefined();
    expect(routeAt('/dashboard/uikit')).toBeUndefined();
  });
});
