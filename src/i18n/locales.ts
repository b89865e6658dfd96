/**
 * The languages the app can speak, and which one a visitor gets.
 *
 * A language is offered when it has a catalogue in `messages/` (one JSON file
 * of ICU messages per locale) and its own name in LOCALE_NAMES below: adding
 * one is a new file and a line here (docs/i18n.md).
 *
 * Plain functions over plain data: the start-up script that draws the
 * prerendered card runs negotiateLocale() before any module has loaded (the
 * build inlines its source), so it must not reach outside its arguments.
 */

/** Each locale's name in itself, as the language menus list it; their order is the menus' order. */
export const LOCALE_NAMES = {
  en: 'English',
  ar: 'العربية',
  ca: 'Català',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  he: 'עברית',
  hi: 'हिन्दी',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ro: 'Română',
  ru: 'Русский',
  sv: 'Svenska',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
} as const;

/** A locale with a name; only those with a catalogue are offered (catalogue.ts). */
export type Locale = keyof typeof LOCALE_NAMES;

/** The pseudo-locale of development and the studio: English, accented and longer, to find untranslated or clipped text. */
export const PSEUDO_LOCALE = 'en-XA' as const;

export const DEFAULT_LOCALE: Locale = 'en';

/** Where the customer's choice of language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'customer-area.language';

/** The URL parameter that picks a language for this visit and remembers it (`?lang=de`). */
export const LANGUAGE_PARAM = 'lang';

/** Languages written right to left, by their base language. */
const RIGHT_TO_LEFT = ['ar', 'he', 'fa', 'ur'];

export const directionOf = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.includes(locale.split('-')[0]!) ? 'rtl' : 'ltr');

/** The locale Intl formats dates and numbers in: English dates as written in Europe (25 Nov 2026), as the app always has. */
export const intlLocale = (locale: string): string => (locale === 'en' || locale === PSEUDO_LOCALE ? 'en-GB' : locale);

/**
 * The visitor's locale among `offered`: the `lang` URL parameter, then the
 * stored choice, then the browser's languages in order, then `fallback`.
 * A browser tag matches exactly (case aside), or by its script or region
 * (zh-TW, zh-HK and zh-MO are written in Traditional characters; zh, zh-CN and
 * zh-SG in Simplified; pt alone is Brazil's), or by its base language.
 * Unknown values are passed over, never an error.
 *
 * Self-contained: the start-up script runs this function's source as is.
 */
export function negotiateLocale(
  offered: readonly string[],
  candidates: { param?: string | null; stored?: string | null; browser?: readonly string[] },
  fallback: string,
): string {
  const find = (tag: string) => offered.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  const match = (tag: string | null | undefined): string | undefined => {
    if (!tag) return undefined;
    const exact = find(tag);
    if (exact) return exact;
    const parts = tag.split(/[-_]/);
    const base = parts[0]!.toLowerCase();
    const rest = parts.slice(1).map((part) => part.toLowerCase());
    if (base === 'zh') {
      const traditional = rest.includes('hant') || rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo');
      return find(traditional ? 'zh-Hant' : 'zh-Hans');
    }
    if (base === 'pt') return find(rest.includes('pt') ? 'pt-PT' : 'pt-BR');
    if (base === 'nb' || base === 'no' || base === 'nn') return find('nb');
    return find(base);
  };
  let chosen = match(candidates.param) ?? (candidates.stored ? find(candidates.stored) : undefined);
  for (const tag of candidates.browser ?? []) chosen = chosen ?? match(tag);
  return chosen ?? fallback;
}
