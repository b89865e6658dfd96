/**
 * The customer's interface settings (spec §3): what they are, their
 * defaults, and how they are read back from storage. Anything unreadable
 * falls back to its default, field by field, so a damaged entry never
 * blocks the app.
 */
import { DEFAULT_THEME, findTheme, themeInScheme, type ColorScheme } from './themes.ts';

export type MenuMode = 'static' | 'overlay';
export type InputStyle = 'outlined' | 'filled';

export interface LayoutConfig {
  theme: string;
  colorScheme: ColorScheme;
  /** root font size in px; everything is sized in rem, so this scales the whole page */
  scale: number;
  menuMode: MenuMode;
  inputStyle: InputStyle;
  ripple: boolean;
}

export const SCALES = [12, 13, 14, 15, 16] as const;
export const MIN_SCALE = SCALES[0];
export const MAX_SCALE = SCALES[SCALES.length - 1]!;

export const DEFAULT_CONFIG: LayoutConfig = {
  theme: DEFAULT_THEME,
  colorScheme: 'light',
  scale: 14,
  menuMode: 'static',
  inputStyle: 'outlined',
  ripple: false,
};

/**
 * Where the settings live in localStorage. The start-up script that applies
 * them before the app loads is given this key, and the scale bounds, by the
 * build (scripts/vite/startupScripts.ts).
 */
export const SETTINGS_KEY = 'customer-area.layout';

const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale)));

/** Settings from whatever was stored; the colour scheme wins when it and the theme disagree. */
export function parseConfig(raw: string | null): LayoutConfig {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (value && typeof value === 'object' && !Array.isArray(value)) stored = value as Record<string, unknown>;
  } catch {
    // A damaged entry is the same as none.
  }
  const colorScheme = oneOf(stored.colorScheme, ['light', 'dark'], DEFAULT_CONFIG.colorScheme);
  const theme = typeof stored.theme === 'string' && findTheme(stored.theme) ? stored.theme : DEFAULT_CONFIG.theme;
  return {
    theme: themeInScheme(theme, colorScheme),
    colorScheme,
    scale: typeof stored.scale === 'number' && Number.isFinite(stored.scale) ? clampScale(stored.scale) : DEFAULT_CONFIG.scale,
    menuMode: oneOf(stored.menuMode, ['static', 'overlay'], DEFAULT_CONFIG.menuMode),
    inputStyle: oneOf(stored.inputStyle, ['outlined', 'filled'], DEFAULT_CONFIG.inputStyle),
    ripple: typeof stored.ripple === 'boolean' ? stored.ripple : DEFAULT_CONFIG.ripple,
  };
}

/** The synchronous part of the Web Storage API that settings need. */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Reads the settings; a browser that refuses storage gets the defaults. */
export function loadConfig(storage: SettingsStorage | undefined): LayoutConfig {
  try {
    return parseConfig(storage?.getItem(SETTINGS_KEY) ?? null);
  } catch {
    return { ...DEFAULT_CONFIG };
  }
}

export function saveConfig(storage: SettingsStorage | undefined, config: LayoutConfig): void {
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify(config));
  } catch {
    // Private windows may refuse storage: the settings then last for the visit.
  }
}

/** The browser's localStorage, or nothing where it cannot be reached. */
export function browserStorage(): SettingsStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
