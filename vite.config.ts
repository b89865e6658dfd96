import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compileHints } from './scripts/vite/compileHints.ts';
import { messageCatalogues } from './scripts/vite/messages.ts';
import { productionBuild } from './scripts/vite/productionBuild.ts';
import { productionRouter } from './scripts/vite/productionRouter.ts';
import { devModulePreload, SIGNED_IN_PATH } from './scripts/vite/devPreload.ts';
import { wholeStylesheetInDev } from './scripts/vite/devStyles.ts';
import { appServers, buildTimeHeaderConfig } from './scripts/vite/servers.ts';
import { startupScripts } from './scripts/vite/startupScripts.ts';
import { studio } from './scripts/vite/studio.ts';
import { sdkStandIns } from './scripts/vite/sdkStandIns.ts';

const APP_MODULE = /\/(?:src|machines)\/.+\.tsx?$/;
const ENTRY_MODULE = /(?:\/src\/main\.tsx|\/index\.html)$/;
// The sign-in's later screens and the Mantine parts only they use on the way to the dashboard, fetched while the customer
// types: one file rather than ten, for the reason the entry is one (2.6 KB gzip less for a whole sign-in).
const LATER_MODULE =
  /\/src\/authenticator\/(?:screens|fields|totp|passwordless)\/|@mantine\/core\/esm\/components\/(?:Radio\/|InlineInput\/|Combobox\/ComboboxChevron\/|Combobox\/get-parsed-combobox-data\/|CopyButton\/|Code\/|NativeSelect\/)|@mantine\/hooks\/esm\/use-clipboard|icons-react\/.*IconCopy/;
// What every signed-in page runs (the router, the shell's guard and layout), and the home page a sign-in lands on:
// each one file with everything it imports that the entry does not hold. Split as the bundler finds them, they were
// 73 files after the sign-in, and over HTTP/1.1's six connections a slow network fetched them a few at a time.
const SHELL_MODULE = /\/src\/(?:app\/RouterRoot|app\/ProtectedLayout|layout\/AppLayout)\.tsx$/;
const HOME_MODULE = /\/src\/pages\/dashboard\/DashboardHome\.tsx$/;
// The sign-in's code (src/cognito/signingIn.ts and what it imports), one file rather than the three the bundler makes
// of what it shares with choice-based sign-in and re-authentication; and the AWS SDK's user-pool client
// (src/cognito/sdk.ts, with the SDK), one file rather than three. Both are fetched once the form is idle; at a press
// of the prerendered card's "Sign in" (src/first-paint/startup/sign-in-card.js), the sign-in's code at once, and the
// SDK, which that sign-in does not use, once it has ended.
const SIGNING_MODULE = /\/src\/cognito\/(?:signingIn|signIn|earlyStart|confirmSignIn|challenges|signInSteps|newDevice|srp\/\w+)\.ts$/;
const SDK_MODULE = /\/src\/cognito\/sdk\.ts$/;
// No group for the authenticator's machine (XState, the statechart and its actors: src/authenticator/machineActor.ts,
// fetched once the first screen is up). The bundler makes its dynamic import one file that needs only the entry's, and
// it is fetched with no preload (RETRIED_IN_PLACE): a group would make it two, the import's 53-byte re-export and the
// group, fetched one after the other. The later screens read nothing from the machine's modules that the entry does not
// hold (machines/authenticator/validation.ts), so the machine's file is theirs alone.
/**
 * The lazily imported chunks that are imported again in place after a failure, by file name (`modulePreload` below):
 * the machine, the sign-in's later screens and passwordless buttons, the shell's settings panel, calendar and
 * notifications, the home page's chart, the buttons' ripple. A new one joins the list.
 */
const RETRIED_IN_PLACE = /\/(?:machineActor|later|passwordless|SettingsDrawer|CalendarPanel|NoticesHost|SalesChart|ripple)-[\w-]+\.js$/;
const STYLE_MODULE = /\/src\/(?:main\.tsx|app\/styles\/|first-paint\/(?:index|signInStyles)\.ts)/;

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  return {
    plugins: [
      react(),
      // The message catalogues (src/i18n/messages/), compiled at build time into one chunk per locale and part.
      messageCatalogues(),
      // The two scripts that run before the first paint, given the names the app uses (src/first-paint/startup/).
      startupScripts(),
      // /config.json from the local test pool (dev and preview), and the production headers (preview).
      appServers({ emulatorUrl: process.env.EMULATOR_URL ?? 'http://127.0.0.1:9229', env }),
      // Build only: the AWS SDK without its request signing and adaptive retries, which the app's Cognito calls never use.
      sdkStandIns(),
      // Build only: React Router's production build, which its package.json never names.
      productionRouter(),
      // Build only: the compile hint at the top of the chunks the sign-in and its first page run.
      compileHints(),
      // After the bundle: the prerendered sign-in card, dist/_headers and the service worker.
      productionBuild({ headerConfig: buildTimeHeaderConfig(env) }),
      // Development only: /studio and ?scenario=<name>, the designers' studio (src/studio/, docs/authenticator.md).
      studio(),
      // Development only: Mantine's stylesheet as one module, not two lists of a hundred files each.
      wholeStylesheetInDev(),
      // Development only: the signed-in path's modules named up front, fetched side by side.
      devModulePreload(),
    ],
    // Keep the test pool's banner (printed first by npm start) on screen.
    clearScreen: false,
    // One dependency cache per port: dev servers running side by side (the app
    // and the e2e suite's) must not re-bundle each other's dependencies.
    cacheDir: `node_modules/.vite/${process.env.APP_PORT ?? 'default'}`,
    // Find every dependency of every lazily loaded page at start-up: a dependency
    // discovered later makes the dev server re-bundle and reload, and a page
    // that was being fetched at that moment fails to load.
    optimizeDeps: {
      entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'],
    },
    server: {
      port: Number(process.env.APP_PORT ?? 5173),
      strictPort: true,
      // Compile what a signed-in customer needs first while the server starts, not on the first
      // visit: on a busy machine that first compile of the shell took several seconds.
      warmup: { clientFiles: ['./src/main.tsx', ...SIGNED_IN_PATH] },
    },
    preview: {
      port: Number(process.env.APP_PORT ?? 4173),
      strictPort: true,
    },
    build: {
      target: 'es2022',
      rolldownOptions: {
        treeshake: {
          // The app's own modules do nothing when imported but define things, so a module none of whose
          // exports is used is left out, even behind a room's index.ts: otherwise the sign-in screens would
          // carry React Router because src/layout/index.ts also exports the router's effects. The style lists
          // (src/app/styles/, src/first-paint/signInStyles.ts), the first paint's entry that imports them, and
          // the app's entry exist for their side effects.
          moduleSideEffects: (id: string) => (APP_MODULE.test(id) && !STYLE_MODULE.test(id) ? false : undefined),
        },
        output: {
          codeSplitting: {
            // Everything the entry loads up front in one file, not sixty: each file is compressed on its own,
            // so many small ones cost more bytes (and requests) than their sum (198 KB gzip split, 178 KB merged).
            // Later chunks import from it. The entry module itself stays out of the group, so the manifest keeps
            // its `index.html` entry (which the service worker, the budget and the benchmark read).
            groups: [
              { name: 'app', tags: ['$initial'], test: (id: string) => !ENTRY_MODULE.test(id) },
              // After the entry's: a module the entry holds stays there.
              { name: 'later', test: (id: string) => LATER_MODULE.test(id) },
              { name: 'signing', test: (id: string) => SIGNING_MODULE.test(id) },
              { name: 'aws-sdk', test: (id: string) => SDK_MODULE.test(id) },
              // With their dependencies (the groups' default): the shell's before the home page's.
              { name: 'shell', test: (id: string) => SHELL_MODULE.test(id) },
              { name: 'home', test: (id: string) => HOME_MODULE.test(id) },
            ],
          },
        },
      },
      // A chunk imported again in place after a failure (a "Try again", or the next press) does not have its own
      // imports preloaded beside it: a preload that failed (offline) leaves a module failed for the page's life in
      // Chromium, and the chunk could then never be imported again (src/chunks/retryable.ts). It asks for them once it
      // has arrived. Every other lazy chunk keeps the preload, and the round trip it saves: the sign-in's SDK and code
      // (passkey sign-in on the mobile profile of bench:compare took 1.6× Amplify's without it), the pages, whose
      // failure offers a reload, which starts afresh.
      modulePreload: {
        resolveDependencies: (file, deps) => (RETRIED_IN_PLACE.test(file) ? [] : deps),
      },
      // Read by the service worker's generation, the performance budget and the benchmark (scripts/vite/manifest.ts).
      manifest: true,
    },
  };
});
