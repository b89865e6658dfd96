/**
 * On the dev server, Mantine's whole stylesheet in one module. The build splits it in two lists of some hundred
 * component files (src/first-paint/signInStyles.ts with the entry, src/app/styles/pageStyles.ts with the router)
 * so the sign-in form carries only its share; the dev server would serve each file as a module of its own, and a
 * signed-in reload spent a third of its requests on them. Bytes do not matter there: one import of the same
 * stylesheet, in Mantine's own order, stands in for both lists.
 */
import type { Plugin } from 'vite';

export const STYLE_LISTS = {
  signIn: '/src/first-paint/signInStyles.ts',
  pages: '/src/app/styles/pageStyles.ts',
} as const;

export function wholeStylesheetInDev(): Plugin {
  return {
    name: 'whole-stylesheet-in-dev',
    apply: 'serve',
    enforce: 'pre',
    load(id) {
      if (id.endsWith(STYLE_LISTS.signIn)) return "import '@mantine/core/styles.css';";
      if (id.endsWith(STYLE_LISTS.pages)) return 'export {};';
      return undefined;
    },
  };
}
