/**
 * The themes the settings panel offers. A theme is a family (shape and
 * type) with an accent colour, in a light and a dark variant; its id follows
 * the template's naming, `<family>-<light|dark>-<accent>`.
 */
export type ColorScheme = 'light' | 'dark';

export type ThemeFamily = 'lara' | 'md' | 'bootstrap4' | 'soho';

export interface ThemeFamilyInfo {
  id: ThemeFamily;
  label: string;
}

export interface ThemeAccent {
  /** the family this accent belongs to */
  family: ThemeFamily;
  /** the accent's name in the theme id */
  accent: string;
  label: string;
  /** a Mantine colour name */
  color: string;
}

export interface ThemeInfo extends ThemeAccent {
  id: string;
  colorScheme: ColorScheme;
}

export const THEME_FAMILIES: readonly ThemeFamilyInfo[] = [
  { id: 'lara', label: 'Lara' },
  { id: 'md', label: 'Material' },
  { id: 'bootstrap4', label: 'Bootstrap' },
  { id: 'soho', label: 'Soho' },
];

const ACCENTS: readonly ThemeAccent[] = [
  { family: 'lara', accent: 'indigo', label: 'Indigo', color: 'indigo' },
  { family: 'lara', accent: 'blue', label: 'Blue', color: 'blue' },
  { family: 'lara', accent: 'purple', label: 'Purple', color: 'violet' },
  { family: 'lara', accent: 'teal', label: 'Teal', color: 'teal' },
  { family: 'md', accent: 'indigo', label: 'Indigo', color: 'indigo' },
  { family: 'md', accent: 'deeppurple', label: 'Deep purple', color: 'grape' },
  { family: 'bootstrap4', accent: 'blue', label: 'Blue', color: 'blue' },
  { family: 'bootstrap4', accent: 'purple', label: 'Purple', color: 'violet' },
  { family: 'soho', accent: 'cyan', label: 'Cyan', color: 'cyan' },
];

export const themeId = (family: ThemeFamily, colorScheme: ColorScheme, accent: string) => `${family}-${colorScheme}-${accent}`;

/** Every theme, light and dark. */
export const THEMES: readonly ThemeInfo[] = ACCENTS.flatMap((accent) =>
  (['light', 'dark'] as const).map((colorScheme) => ({ ...accent, colorScheme, id: themeId(accent.family, colorScheme, accent.accent) })),
);

export const DEFAULT_THEME = 'lara-light-indigo';

const byId = new Map(THEMES.map((theme) => [theme.id, theme]));

export const findTheme = (id: string): ThemeInfo | undefined => byId.get(id);

/** The accents a family offers, in a stable order. */
export const accentsOf = (family: ThemeFamily): readonly ThemeAccent[] => ACCENTS.filter((accent) => accent.family === family);

/** The same theme in the other colour scheme (lara-light-indigo ↔ lara-dark-indigo). */
export function themeInScheme(id: string, colorScheme: ColorScheme): string {
  const theme = findTheme(id) ?? findTheme(DEFAULT_THEME)!;
  return themeId(theme.family, colorScheme, theme.accent);
}
