/** The address of one scenario frame: which scenario, in which language and colour scheme, with or without the Stately inspector. */
import { isLanguage, type Language } from '../i18n/index.ts';

export type Scheme = 'light' | 'dark';

export interface FrameOptions {
  scenario: string;
  language: Language;
  scheme: Scheme;
  /** attach the Stately inspector too (`?inspect`: a pop-up on stately.ai, online only) */
  stately?: boolean;
}

export function frameUrl({ scenario, language, scheme, stately }: FrameOptions): string {
  const query = new URLSearchParams({ scenario, lang: language, theme: scheme });
  return `/?${query.toString()}${stately ? '&inspect' : ''}`;
}

/** The frame's options from its query string; English and light unless said otherwise. */
export function readFrameOptions(search: string): FrameOptions | undefined {
  const query = new URLSearchParams(search);
  const scenario = query.get('scenario');
  if (scenario === null) return undefined;
  const lang = query.get('lang');
  return {
    scenario,
    language: isLanguage(lang) ? lang : 'en',
    scheme: query.get('theme') === 'dark' ? 'dark' : 'light',
    stately: query.has('inspect'),
  };
}
