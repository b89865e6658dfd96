import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_CONFIG, findTheme, type LayoutConfig, type ThemeFamily } from '../layout/index.ts';

const SANS = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const ROBOTO = 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';

interface FamilyStyle {
  fontFamily: string;
  defaultRadius: MantineThemeOverride['defaultRadius'];
  /** surfaces of the dark variant, lightest (text) to darkest (page); shades 2 and 3 (dimmed text, placeholders) read at 4.5:1 on shade 6 */
  dark: MantineColorsTuple;
}

/** What sets each family apart: its type, its corners, and the tint of its dark surfaces. */
const FAMILIES: Record<ThemeFamily, FamilyStyle> = {
  lara: {
    fontFamily: SANS,
    defaultRadius: 'md',
    dark: ['#dfe5ee', '#b9c3d2', '#9aa8bc', '#8593a9', '#3c4d68', '#23344f', '#172840', '#0f1e33', '#0a1628', '#060f1d'],
  },
  md: {
    fontFamily: ROBOTO,
    defaultRadius: 'xs',
    dark: ['#e6e6e6', '#c4c4c4', '#a8a8a8', '#949494', '#4a4a4a', '#383838', '#2c2c2c', '#1e1e1e', '#181818', '#121212'],
  },
  bootstrap4: {
    fontFamily: SANS,
    defaultRadius: 'sm',
    dark: ['#e3e6ea', '#c4cad0', '#a5aeb8', '#939ca6', '#4d555e', '#3b434c', '#2a313a', '#20262e', '#1a1f26', '#14181e'],
  },
  soho: {
    fontFamily: SANS,
    defaultRadius: 'lg',
    dark: ['#e4e4ee', '#c3c3d3', '#a6a6bb', '#9393aa', '#4a4a60', '#36364a', '#29293b', '#1d1e2c', '#171824', '#11121b'],
  },
};

/** Accents so light that shade 8 still fails AA contrast under white text. */
const BRIGHT_ACCENTS = new Set(['teal', 'cyan', 'green', 'lime', 'yellow', 'orange']);

/** The Mantine theme for the customer's settings: accent, family look and input style. */
export function themeFor(config: Pick<LayoutConfig, 'theme' | 'inputStyle'>) {
  const info = findTheme(config.theme) ?? findTheme(DEFAULT_CONFIG.theme)!;
  const family = FAMILIES[info.family];
  return createTheme({
    primaryColor: info.color,
    // Dark enough that white text on a filled button reads at 4.5:1 or more (WCAG AA).
    primaryShade: BRIGHT_ACCENTS.has(info.color) ? 9 : 8,
    autoContrast: true,
    defaultRadius: family.defaultRadius,
    fontFamily: family.fontFamily,
    headings: { fontFamily: family.fontFamily },
    colors: { dark: family.dark },
    cursorType: 'pointer',
    components: {
      // Every input (TextInput, Select, NumberInput, ...) takes its variant from Input.
      Input: { defaultProps: { variant: config.inputStyle === 'filled' ? 'filled' : 'default' } },
    },
  });
}

/** The product's default look: the template's "lara light indigo". */
export const theme = themeFor(DEFAULT_CONFIG);
