/**
 * The layout's state: the customer's settings and the six menu flags of
 * spec §3, changed only through this pure reducer. Everything that depends on
 * the window (is it a desktop?) arrives in the action, so the reducer stays
 * testable without a browser.
 */
import { clampScale, DEFAULT_CONFIG, type InputStyle, type LayoutConfig, type MenuMode } from './settings.ts';
import { findTheme, themeInScheme, type ColorScheme } from './themes.ts';

export interface MenuFlags {
  /** the static menu is folded away on a desktop */
  staticMenuDesktopInactive: boolean;
  /** the overlay menu is out on a desktop */
  overlayMenuActive: boolean;
  /** the top bar's mobile panel (Calendar, Profile, Settings) is open */
  profileSidebarVisible: boolean;
  /** the settings panel is open */
  configSidebarVisible: boolean;
  /** the menu is out on a phone or tablet */
  staticMenuMobileActive: boolean;
  /** a root submenu follows the pointer (kept for hover-driven menu modes) */
  menuHoverActive: boolean;
}

export interface LayoutState extends MenuFlags {
  config: LayoutConfig;
}

/** A window wider than this many px is a desktop (spec §9). */
export const DESKTOP_BREAKPOINT = 991;
export const isDesktopWidth = (width: number) => width > DESKTOP_BREAKPOINT;

export type LayoutAction =
  | { type: 'menuToggle'; desktop: boolean }
  | { type: 'navigated' }
  | { type: 'outsideClick' }
  | { type: 'menuHover'; active: boolean }
  | { type: 'profileToggle' }
  | { type: 'profileClose' }
  | { type: 'configShow' }
  | { type: 'configHide' }
  | { type: 'setScale'; scale: number }
  | { type: 'setMenuMode'; menuMode: MenuMode }
  | { type: 'setInputStyle'; inputStyle: InputStyle }
  | { type: 'setRipple'; ripple: boolean }
  | { type: 'setTheme'; theme: string }
  | { type: 'setColorScheme'; colorScheme: ColorScheme }
  /** settings changed elsewhere, in another tab */
  | { type: 'replaceConfig'; config: LayoutConfig };

export const CLOSED_MENUS: MenuFlags = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  profileSidebarVisible: false,
  configSidebarVisible: false,
  staticMenuMobileActive: false,
  menuHoverActive: false,
};

export const initialLayoutState = (config: LayoutConfig = DEFAULT_CONFIG): LayoutState => ({ ...CLOSED_MENUS, config });

/** Closes every menu that floats over the page; the desktop static menu keeps its place. */
const closeFloatingMenus = (state: LayoutState): LayoutState => ({
  ...state,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
  menuHoverActive: false,
});

const withConfig = (state: LayoutState, change: Partial<LayoutConfig>): LayoutState => ({
  ...state,
  config: { ...state.config, ...change },
});

export function layoutReducer(state: LayoutState, action: LayoutAction): LayoutState {
  switch (action.type) {
    case 'menuToggle':
      // A phone or tablet always uses the mobile menu; a desktop flips the menu of its mode.
      if (!action.desktop) return { ...state, staticMenuMobileActive: !state.staticMenuMobileActive };
      if (state.config.menuMode === 'overlay') return { ...state, overlayMenuActive: !state.overlayMenuActive };
      return { ...state, staticMenuDesktopInactive: !state.staticMenuDesktopInactive };
    case 'navigated':
      return { ...closeFloatingMenus(state), profileSidebarVisible: false, configSidebarVisible: false };
    case 'outsideClick':
      return closeFloatingMenus(state);
    case 'menuHover':
      return { ...state, menuHoverActive: action.active };
    case 'profileToggle':
      return { ...state, profileSidebarVisible: !state.profileSidebarVisible };
    case 'profileClose':
      return { ...state, profileSidebarVisible: false };
    case 'configShow':
      return { ...state, configSidebarVisible: true, profileSidebarVisible: false };
    case 'configHide':
      return { ...state, configSidebarVisible: false };
    case 'setScale':
      return withConfig(state, { scale: clampScale(action.scale) });
    case 'setMenuMode':
      // An overlay left open would hang over the page in static mode.
      return { ...withConfig(state, { menuMode: action.menuMode }), overlayMenuActive: false, menuHoverActive: false };
    case 'setInputStyle':
      return withConfig(state, { inputStyle: action.inputStyle });
    case 'setRipple':
      return withConfig(state, { ripple: action.ripple });
    case 'setTheme': {
      const theme = findTheme(action.theme);
      return theme ? withConfig(state, { theme: theme.id, colorScheme: theme.colorScheme }) : state;
    }
    case 'setColorScheme':
      return withConfig(state, { colorScheme: action.colorScheme, theme: themeInScheme(state.config.theme, action.colorScheme) });
    case 'replaceConfig':
      return { ...state, config: action.config };
  }
}

/** Whether the side menu is on screen, for a window of the given kind. */
export function isMenuVisible(state: LayoutState, desktop: boolean): boolean {
  if (!desktop) return state.staticMenuMobileActive;
  return state.config.menuMode === 'overlay' ? state.overlayMenuActive : !state.staticMenuDesktopInactive;
}

/** Whether the static menu is shown beside the page, whose column then makes room for it (a desktop only). */
export function isMenuBesidePage(state: LayoutState, desktop: boolean): boolean {
  return desktop && state.config.menuMode !== 'overlay' && isMenuVisible(state, desktop);
}

/** Whether the menu floats over the page (and a click elsewhere should close it). */
export function isMenuFloating(state: LayoutState, desktop: boolean): boolean {
  return isMenuVisible(state, desktop) && (!desktop || state.config.menuMode === 'overlay');
}
