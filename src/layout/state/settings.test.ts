import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig, parseConfig, saveConfig, SETTINGS_KEY, type SettingsStorage } from './settings.ts';
import { DEFAULT_THEME, findTheme, THEME_FAMILIES, THEMES, themeInScheme } from './themes.ts';

describe('the defaults', () => {
  it('are those of spec §3', () => {
    expect(DEFAULT_CONFIG).toEqual({
      theme: 'lara-light-indigo',
      colorScheme: 'light',
      scale: 14,
      menuMode: 'static',
      inputStyle: 'outlined',
      ripple: false,
    });
  });
});

describe('the themes', () => {
  it('offer at least 8 themes, each in light and in dark', () => {
    const pairs = new Set(THEMES.map((theme) => `${theme.family}/${theme.accent}`));
    expect(pairs.size).toBeGreaterThanOrEqual(8);
    for (const pair of pairs) {
      const [family, accent] = pair.split('/');
      expect(findTheme(`${family}-light-${accent}`)?.colorScheme).toBe('light');
      expect(findTheme(`${family}-dark-${accent}`)?.colorScheme).toBe('dark');
    }
    expect(new Set(THEMES.map((theme) => theme.id)).size).toBe(THEMES.length);
    expect(THEME_FAMILIES.every((family) => THEMES.some((theme) => theme.family === family.id))).toBe(true);
  });

  it('default to a light indigo theme', () => {
    expect(findTheme(DEFAULT_THEME)).toMatchObject({ colorScheme: 'light', color: 'indigo' });
  });

  it('map a theme to its counterpart and back', () => {
    expect(themeInScheme('bootstrap4-light-purple', 'dark')).toBe('bootstrap4-dark-purple');
    expect(themeInScheme('bootstrap4-dark-purple', 'light')).toBe('bootstrap4-light-purple');
    expect(themeInScheme('unknown', 'dark')).toBe('lara-dark-indigo');
  });
});

describe('reading stored settings', () => {
  it('reads back what was saved', () => {
    const config = {
      theme: 'md-dark-indigo',
      colorScheme: 'dark',
      scale: 16,
      menuMode: 'overlay',
      inputStyle: 'filled',
      ripple: true,
    } as const;
    expect(parseConfig(JSON.stringify(config))).toEqual(config);
  });

  it('falls back to the defaults for nothing, damaged JSON or the wrong shape', () => {
    for (const raw of [null, '', '{', 'null', '[]', '42', '"dark"']) expect(parseConfig(raw)).toEqual(DEFAULT_CONFIG);
  });

  it('replaces each unreadable field by its default and keeps the rest', () => {
    const config = parseConfig(JSON.stringify({ theme: 'neon', scale: 'big', menuMode: 'slim', inputStyle: 'filled', ripple: 'yes' }));
    expect(config).toEqual({ ...DEFAULT_CONFIG, inputStyle: 'filled' });
  });

  it('keeps the scale within 12 to 16 px, in whole pixels', () => {
    expect(parseConfig('{"scale": 30}').scale).toBe(16);
    expect(parseConfig('{"scale": 3}').scale).toBe(12);
    expect(parseConfig('{"scale": 14.6}').scale).toBe(15);
  });

  it('lets the colour scheme win when the theme disagrees with it', () => {
    expect(parseConfig('{"theme": "lara-light-teal", "colorScheme": "dark"}')).toMatchObject({
      theme: 'lara-dark-teal',
      colorScheme: 'dark',
    });
    expect(parseConfig('{"theme": "lara-dark-teal"}')).toMatchObject({ theme: 'lara-light-teal', colorScheme: 'light' });
  });
});

describe('storage', () => {
  it('saves under the key the early script reads, and loads it back', () => {
    const items = new Map<string, string>();
    const storage: SettingsStorage = { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
    const config = { ...DEFAULT_CONFIG, scale: 12 };
    saveConfig(storage, config);
    expect(JSON.parse(items.get(SETTINGS_KEY)!)).toEqual(config);
    expect(loadConfig(storage)).toEqual(config);
  });

  it('gets the defaults when storage refuses to answer, and saving does not throw', () => {
    const refusing: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadConfig(refusing)).toEqual(DEFAULT_CONFIG);
    expect(() => saveConfig(refusing, DEFAULT_CONFIG)).not.toThrow();
    expect(loadConfig(undefined)).toEqual(DEFAULT_CONFIG);
  });
});
