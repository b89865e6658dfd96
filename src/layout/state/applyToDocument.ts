import type { LayoutConfig } from './settings.ts';

/** The part of <html> the settings write to. */
export interface DocumentRoot {
  setAttribute(name: string, value: string): void;
  style: { colorScheme: string; fontSize: string };
}

/**
 * Puts the colour scheme and the scale on <html>: the attribute Mantine's
 * CSS keys on, the browser's own colour scheme (scrollbars, form controls)
 * and the root font size every rem is measured in. src/first-paint/startup/layout-settings.js
 * does the same before the app loads.
 */
export function applyToDocument(config: Pick<LayoutConfig, 'colorScheme' | 'scale'>, root: DocumentRoot): void {
  root.setAttribute('data-mantine-color-scheme', config.colorScheme);
  root.style.colorScheme = config.colorScheme;
  root.style.fontSize = `${config.scale}px`;
}
