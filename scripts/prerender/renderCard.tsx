/**
 * Build-time only: renders the sign-in card to HTML for index.html
 * (scripts/vite/prerender.ts loads this module through Vite's SSR loader).
 * Nothing here reaches the browser bundle.
 */
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { theme } from '../../src/app/theme.ts';
import { CARD_PATH_SOURCE, MARKERS, SignInCardMarkup } from '../../src/first-paint/index.ts';
import { LanguageProvider } from '../../src/i18n/index.ts';
import { DEFAULT_CONFIG, THEMES } from '../../src/layout/index.ts';

/** The card in its container, ready to go into <body> before the app's root. */
export function renderSignInCard(): string {
  const html = renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <LanguageProvider>
        <SignInCardMarkup />
      </LanguageProvider>
    </MantineProvider>,
  );
  return `<div id="${MARKERS.cardId}">${html}</div>`;
}

/**
 * What the card was drawn for, written into index.html for
 * src/first-paint/startup/sign-in-card.js: the paths it belongs to, and the language, themes
 * (the default one, light or dark) and input style it looks right in.
 */
export function cardConditions() {
  const accent = THEMES.find((info) => info.id === DEFAULT_CONFIG.theme)!;
  return {
    routes: CARD_PATH_SOURCE,
    language: 'en',
    themes: THEMES.filter((info) => info.family === accent.family && info.accent === accent.accent).map((info) => info.id),
    inputStyle: DEFAULT_CONFIG.inputStyle,
  };
}
