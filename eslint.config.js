// The house's rules, checked by `npm run lint` (inside `npm test`). The rooms
// and their one-way arrows (docs/architecture.md) are the `rooms` list below:
// a new room or arrow goes here in the same commit as the code that needs it.
import { existsSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Libraries a room must not reach, by room. */
const REACT = ['react', 'react-dom', 'react-dom/*', 'react-router', '@mantine/*', '@tabler/*', '@xstate/react'];
const XSTATE = ['xstate', 'xstate/*', '@xstate/*', '@statelyai/*'];
const SDK = ['@aws-sdk/*', '@smithy/*'];

/** Every folder of the project's code a room may be kept from; a room that imports nothing of the app lists all but itself. */
const EVERY_ROOM = [
  'src/app',
  'src/authenticator',
  'src/chunks',
  'src/cognito',
  'src/config',
  'src/demo',
  'src/first-paint',
  'src/graphql',
  'src/i18n',
  'src/layout',
  'src/pages',
  'src/pwa',
  'src/routes',
  'src/session',
  'src/studio',
  'machines',
  'emulator',
];
const everyRoomBut = (room) => EVERY_ROOM.filter((other) => other !== room);

/**
 * Each room: which files it is, which of the project's folders it may not
 * import from, and which packages it may not use. `except` names the files of
 * a forbidden folder that stay allowed (a room's public entry).
 */
const rooms = [
  {
    name: 'machines: statecharts only, nothing from the app, the emulator or the SDK',
    files: ['machines/**'],
    notFrom: ['src', 'emulator', 'e2e', 'scripts', 'bench'],
    packages: [...REACT, ...SDK],
    testsToo: true,
  },
  {
    name: 'src/cognito: the framework-free client; no React, no XState, no screens',
    files: ['src/cognito/**'],
    notFrom: [
      'src/app',
      'src/authenticator',
      'src/first-paint',
      'src/i18n',
      'src/layout',
      'src/pages',
      'src/pwa',
      'src/session',
      'machines',
      'emulator',
    ],
    // The auth steps of spec §4, shared with the machine as types (the file holds no behaviour and imports nothing).
    except: ['machines/authenticator/authSteps.ts'],
    packages: [...REACT, ...XSTATE],
  },
  {
    name: 'src/config: runtime configuration, nothing app-specific',
    files: ['src/config/**'],
    notFrom: [
      'src/app',
      'src/authenticator',
      'src/cognito',
      'src/first-paint',
      'src/i18n',
      'src/layout',
      'src/pages',
      'src/pwa',
      'src/session',
      'machines',
      'emulator',
    ],
    packages: [...REACT, ...XSTATE, ...SDK],
  },
  {
    name: 'src/i18n: languages and their dictionaries, nothing app-specific',
    files: ['src/i18n/**'],
    notFrom: [
      'src/app',
      'src/authenticator',
      'src/cognito',
      'src/first-paint',
      'src/layout',
      'src/pages',
      'src/pwa',
      'src/session',
      'machines',
      'emulator',
    ],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: 'src/layout: the shell knows nothing of sign-in',
    files: ['src/layout/**'],
    notFrom: ['src/app', 'src/authenticator', 'src/cognito', 'src/first-paint', 'src/pages', 'src/session', 'machines', 'emulator'],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: 'src/pages: reach auth only through the session API (src/session)',
    files: ['src/pages/**'],
    notFrom: ['src/app', 'src/authenticator', 'src/cognito', 'src/first-paint', 'machines', 'emulator'],
    // The authenticator app's QR code, secret and key URI: the Account page shows them exactly as sign-in's set-up screen does.
    except: ['src/authenticator/totp/TotpQrCode.tsx', 'src/authenticator/totp/TotpSecret.tsx', 'src/authenticator/totp/otpauth.ts'],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: 'src/session: the session API pages use; the client behind it, and the password rules of the machine',
    files: ['src/session/**'],
    notFrom: ['src/app', 'src/authenticator', 'src/first-paint', 'src/layout', 'src/pages', 'src/pwa', 'machines', 'emulator'],
    // Spec §5's password rules: pure functions, the ones the sign-in screens use.
    except: ['machines/authenticator/validation.ts'],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: 'src/authenticator: screens over the machine and the client',
    files: ['src/authenticator/**'],
    notFrom: ['src/app', 'src/pages', 'src/layout', 'src/first-paint', 'emulator'],
    packages: SDK,
  },
  {
    name: 'src/routes: the route manifest, plain data that imports nothing of the app',
    files: ['src/routes/**'],
    notFrom: everyRoomBut('src/routes'),
    packages: [...REACT, ...XSTATE, ...SDK],
  },
  {
    name: 'src/pwa: the service worker and its notice',
    files: ['src/pwa/**'],
    notFrom: ['src/app', 'src/authenticator', 'src/cognito', 'src/first-paint', 'src/layout', 'src/pages', 'machines', 'emulator'],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: "src/chunks: importing the app's own chunks again after a failure; nothing of the app, no library",
    files: ['src/chunks/**'],
    notFrom: everyRoomBut('src/chunks'),
    packages: [...REACT, ...XSTATE, ...SDK],
  },
  {
    name: 'src/first-paint: the prerendered card and its hand-over; no auth machinery',
    files: ['src/first-paint/**'],
    notFrom: ['src/authenticator', 'src/cognito', 'src/pages', 'src/layout', 'machines', 'emulator'],
    packages: [...XSTATE, ...SDK],
  },
  {
    name: "src/studio: the designers' studio (development only): screens and machine, never the client or the SDK",
    files: ['src/studio/**'],
    notFrom: ['src/cognito', 'src/pages', 'src/layout', 'src/first-paint', 'src/pwa', 'emulator'],
    packages: SDK,
  },
  {
    name: 'src: nothing of the app imports the studio, which only the dev server serves',
    files: ['src/!(studio)/**', 'src/*.{ts,tsx}'],
    notFrom: ['src/studio'],
  },
  {
    name: 'src: the app never imports the emulator',
    files: ['src/**'],
    notFrom: ['emulator', 'e2e', 'scripts', 'bench'],
    testsToo: true,
  },
  {
    name: 'emulator: an independent server; it shares no code with the app or the machine',
    files: ['emulator/**'],
    notFrom: ['src', 'machines', 'e2e', 'scripts', 'bench'],
    packages: [...REACT, ...XSTATE],
    testsToo: true,
  },
];

/** A room as zones of import-x/no-restricted-paths (`except` is relative to each `from`). */
const zonesOf = (room) =>
  room.notFrom.map((from) => ({
    target: room.files.map((glob) => `./${glob}`),
    from: `./${from}`,
    except: (room.except ?? []).filter((file) => file.startsWith(`${from}/`)).map((file) => `./${file.slice(from.length + 1)}`),
    message: room.name,
  }));

/** Rooms entered only through their index.ts from the rest of src/. */
const ENTRIES = ['cognito', 'i18n', 'first-paint', 'layout', 'authenticator', 'session'];

/** Besides the entry: a module loaded lazily on purpose, which the entry must not pull into the first chunk. */
const LAZY_ENTRIES = {
  layout: ['./AppLayout.tsx'],
  cognito: ['./cookieStorage.ts'],
  // the Account page's authenticator-app set-up (src/pages, lazily loaded) shares these with sign-in
  authenticator: ['./totp/TotpQrCode.tsx', './totp/TotpSecret.tsx', './totp/otpauth.ts'],
};

const entryZones = ENTRIES.map((room) => ({
  target: [`./src/!(${room})/**`, './src/*.{ts,tsx}'],
  from: `./src/${room}`,
  except: ['./index.ts', ...(LAZY_ENTRIES[room] ?? [])],
  message: `src/${room} is entered through its index.ts.`,
}));

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testSupport.ts'];

/**
 * infra/ (the pool as code) has its own install, which `npm install` does not make: without it, its imports of
 * aws-cdk-lib have no types and every typed rule would fire. `npm run test:infra` installs it and lints infra/.
 */
const INFRA_INSTALLED = existsSync(new URL('./infra/node_modules/aws-cdk-lib', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'public/assets/**',
      '.emulator/**',
      'infra/cdk.out/**',
      ...(INFRA_INSTALLED ? [] : ['infra/**']),
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Unused names are the compiler's job (noUnusedLocals); `_name` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Passing on a caught `unknown` is not inventing a non-Error reason.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...rooms.flatMap(zonesOf), ...entryZones] }] },
  },
  {
    // A room's tests may cross-check another room (the i18n tests read the machine's messages); the rooms
    // that must stay apart even in their tests keep their zones.
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: rooms.filter((room) => room.testsToo).flatMap(zonesOf) }] },
  },
  ...rooms
    .filter((room) => room.packages)
    .map((room) => ({
      files: room.files,
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: room.packages, message: room.name }] }],
      },
    })),
  {
    // Plain JavaScript is outside the TypeScript projects: the rules that need types do not apply.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['machines/**'],
    rules: {
      // XState infers setup()'s and provide()'s generics from `{} as T` placeholders; this rule reads them as
      // unnecessary, and its fix breaks the machine's types (seen on machine.ts, testSupport.ts and the tests).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: TESTS.concat('e2e/**'),
    rules: {
      // Vitest's and Playwright's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Node-side code: the emulator, the scripts, the tests' harnesses, the pool as code.
    files: ['emulator/**', 'scripts/**', 'bench/**', 'e2e/**', 'infra/**', '*.config.ts', '*.config.js', '*.cjs', '.*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Plain scripts the browser runs before the app: functions the build calls with the app's names.
    files: ['src/first-paint/startup/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  prettier,
);
