import { describe, expect, it } from 'vitest';
import {
  CLOSED_MENUS,
  initialLayoutState,
  isDesktopWidth,
  isMenuBesidePage,
  isMenuFloating,
  isMenuVisible,
  layoutReducer,
  type LayoutAction,
  type LayoutState,
} from './layoutState.ts';
import { DEFAULT_CONFIG } from './settings.ts';

const run = (state: LayoutState, ...actions: LayoutAction[]) => actions.reduce(layoutReducer, state);
const overlay = () => run(initialLayoutState(), { type: 'setMenuMode', menuMode: 'overlay' });

describe('the desktop breakpoint', () => {
  it('counts a window wider than 991 px as a desktop', () => {
    expect(isDesktopWidth(992)).toBe(true);
    expect(isDesktopWidth(991)).toBe(false);
    expect(isDesktopWidth(390)).toBe(false);
  });
});

describe('the menu toggle', () => {
  it('starts with the static menu shown on a desktop and every other menu closed', () => {
    const state = initialLayoutState();
    expect(state).toEqual({ ...CLOSED_MENUS, config: DEFAULT_CONFIG });
    expect(isMenuVisible(state, true)).toBe(true);
    expect(isMenuVisible(state, false)).toBe(false);
  });

  it('folds and unfolds the static menu on a desktop', () => {
    const folded = run(initialLayoutState(), { type: 'menuToggle', desktop: true });
    expect(folded.staticMenuDesktopInactive).toBe(true);
    expect(folded.overlayMenuActive).toBe(false);
    expect(folded.staticMenuMobileActive).toBe(false);
    expect(isMenuVisible(folded, true)).toBe(false);
    expect(run(folded, { type: 'menuToggle', desktop: true }).staticMenuDesktopInactive).toBe(false);
  });

  it('flips the overlay menu on a desktop in overlay mode, leaving the static flag alone', () => {
    const open = run(overlay(), { type: 'menuToggle', desktop: true });
    expect(open.overlayMenuActive).toBe(true);
    expect(open.staticMenuDesktopInactive).toBe(false);
    expect(isMenuVisible(open, true)).toBe(true);
    expect(isMenuFloating(open, true)).toBe(true);
    expect(run(open, { type: 'menuToggle', desktop: true }).overlayMenuActive).toBe(false);
  });

  it('uses the mobile menu state below the breakpoint, in either mode', () => {
    for (const start of [initialLayoutState(), overlay()]) {
      const open = run(start, { type: 'menuToggle', desktop: false });
      expect(open.staticMenuMobileActive).toBe(true);
      expect(open.overlayMenuActive).toBe(false);
      expect(open.staticMenuDesktopInactive).toBe(false);
      expect(isMenuVisible(open, false)).toBe(true);
      expect(isMenuFloating(open, false)).toBe(true);
      expect(run(open, { type: 'menuToggle', desktop: false }).staticMenuMobileActive).toBe(false);
    }
  });

  it('does not count the static desktop menu as floating', () => {
    expect(isMenuFloating(initialLayoutState(), true)).toBe(false);
  });

  it('puts only a shown static menu on a desktop beside the page', () => {
    expect(isMenuBesidePage(initialLayoutState(), true)).toBe(true);
    expect(isMenuBesidePage(initialLayoutState(), false)).toBe(false);
    expect(isMenuBesidePage(run(initialLayoutState(), { type: 'menuToggle', desktop: true }), true)).toBe(false);
    expect(isMenuBesidePage(run(overlay(), { type: 'menuToggle', desktop: true }), true)).toBe(false);
  });
});

describe('closing menus', () => {
  const everythingOpen: LayoutState = {
    config: { ...DEFAULT_CONFIG, menuMode: 'overlay' },
    staticMenuDesktopInactive: true,
    overlayMenuActive: true,
    profileSidebarVisible: true,
    configSidebarVisible: true,
    staticMenuMobileActive: true,
    menuHoverActive: true,
  };

  it('closes every menu on a completed navigation but keeps the desktop fold', () => {
    expect(layoutReducer(everythingOpen, { type: 'navigated' })).toEqual({
      ...CLOSED_MENUS,
      staticMenuDesktopInactive: true,
      config: everythingOpen.config,
    });
  });

  it('closes the overlay and mobile menus on a click outside, and nothing else', () => {
    const after = layoutReducer(everythingOpen, { type: 'outsideClick' });
    expect(after.overlayMenuActive).toBe(false);
    expect(after.staticMenuMobileActive).toBe(false);
    expect(after.menuHoverActive).toBe(false);
    expect(after.profileSidebarVisible).toBe(true);
    expect(after.configSidebarVisible).toBe(true);
    expect(after.staticMenuDesktopInactive).toBe(true);
  });

  it('closes a leftover overlay menu when the mode changes back to static', () => {
    const open = run(overlay(), { type: 'menuToggle', desktop: true }, { type: 'setMenuMode', menuMode: 'static' });
    expect(open.overlayMenuActive).toBe(false);
    expect(isMenuVisible(open, true)).toBe(true);
  });
});

describe('the top bar and the settings panel', () => {
  it('toggles the mobile top-bar panel and closes it', () => {
    const open = run(initialLayoutState(), { type: 'profileToggle' });
    expect(open.profileSidebarVisible).toBe(true);
    expect(run(open, { type: 'profileToggle' }).profileSidebarVisible).toBe(false);
    expect(run(open, { type: 'profileClose' }).profileSidebarVisible).toBe(false);
  });

  it('opens the settings panel in place of the top-bar panel and closes it', () => {
    const shown = run(initialLayoutState(), { type: 'profileToggle' }, { type: 'configShow' });
    expect(shown.configSidebarVisible).toBe(true);
    expect(shown.profileSidebarVisible).toBe(false);
    expect(run(shown, { type: 'configHide' }).configSidebarVisible).toBe(false);
  });

  it('records menu hover', () => {
    expect(run(initialLayoutState(), { type: 'menuHover', active: true }).menuHoverActive).toBe(true);
  });
});

describe('settings', () => {
  it('keeps the scale between 12 and 16 px', () => {
    expect(run(initialLayoutState(), { type: 'setScale', scale: 15 }).config.scale).toBe(15);
    expect(run(initialLayoutState(), { type: 'setScale', scale: 11 }).config.scale).toBe(12);
    expect(run(initialLayoutState(), { type: 'setScale', scale: 17 }).config.scale).toBe(16);
  });

  it('takes the colour scheme from the chosen theme', () => {
    const dark = run(initialLayoutState(), { type: 'setTheme', theme: 'md-dark-deeppurple' });
    expect(dark.config.theme).toBe('md-dark-deeppurple');
    expect(dark.config.colorScheme).toBe('dark');
  });

  it('ignores a theme it does not know', () => {
    const state = initialLayoutState();
    expect(layoutReducer(state, { type: 'setTheme', theme: 'neon-light-pink' })).toBe(state);
  });

  it('switches the theme to its counterpart when the colour scheme changes', () => {
    const dark = run(initialLayoutState(), { type: 'setTheme', theme: 'lara-light-teal' }, { type: 'setColorScheme', colorScheme: 'dark' });
    expect(dark.config).toMatchObject({ theme: 'lara-dark-teal', colorScheme: 'dark' });
    const light = run(dark, { type: 'setColorScheme', colorScheme: 'light' });
    expect(light.config).toMatchObject({ theme: 'lara-light-teal', colorScheme: 'light' });
  });

  it('sets the menu mode, input style and ripple without touching the menus', () => {
    const state = run(
      initialLayoutState(),
      { type: 'setInputStyle', inputStyle: 'filled' },
      { type: 'setRipple', ripple: true },
      { type: 'setMenuMode', menuMode: 'overlay' },
    );
    expect(state.config).toMatchObject({ inputStyle: 'filled', ripple: true, menuMode: 'overlay' });
    expect(isMenuVisible(state, true)).toBe(false);
  });

  it('takes settings changed in another tab as they are', () => {
    const config = { ...DEFAULT_CONFIG, scale: 16, menuMode: 'overlay' as const };
    expect(run(initialLayoutState(), { type: 'replaceConfig', config }).config).toBe(config);
  });
});
