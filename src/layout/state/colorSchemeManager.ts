import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { browserStorage, loadConfig, saveConfig } from './settings.ts';

/**
 * Mantine's colour scheme, read from and written to the layout settings, so
 * that Mantine, the early script in index.html and the settings panel agree
 * on one stored value. (Mantine's default manager keeps a key of its own,
 * which would briefly paint the wrong scheme on start.)
 */
export function layoutColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => (browserStorage() ? loadConfig(browserStorage()).colorScheme : defaultValue),
    set: (value: MantineColorScheme) => {
      if (value === 'auto') return;
      const storage = browserStorage();
      saveConfig(storage, { ...loadConfig(storage), colorScheme: value });
    },
    // The layout provider follows other tabs itself and hands Mantine the result.
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {},
  };
}
