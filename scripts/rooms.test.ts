/**
 * The rooms of docs/architecture.md are enforced by lint, not by memory: for
 * each "never", one import that breaks it is linted as if it were in the room,
 * and ESLint must refuse it (and let an allowed import through).
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The rules that need type information play no part here, and the files below do not exist.
const eslint = new ESLint({
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const NEVERS: [string, string, string, RegExp][] = [
  [
    'machines/ imports nothing from src/',
    'machines/authenticator/zz.ts',
    "import { AuthError } from '../../src/cognito/index.ts';",
    /machines/,
  ],
  ['machines/ has no React', 'machines/authenticator/zz.ts', "import { useState } from 'react';", /machines/],
  [
    'machines/ has no SDK',
    'machines/authenticator/zz.ts',
    "import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';",
    /machines/,
  ],
  [
    'machines/ imports nothing from the emulator',
    'machines/authenticator/zz.ts',
    "import { createEmulator } from '../../emulator/src/server.ts';",
    /machines/,
  ],
  ['src/cognito has no React', 'src/cognito/zz.ts', "import { useState } from 'react';", /src\/cognito/],
  ['src/cognito has no XState', 'src/cognito/zz.ts', "import { createActor } from 'xstate';", /src\/cognito/],
  ['src/cognito has no screens', 'src/cognito/zz.ts', "import { Authenticator } from '../authenticator/index.ts';", /src\/cognito/],
  [
    'src/cognito knows no machine',
    'src/cognito/zz.ts',
    "import { authenticatorMachine } from '../../machines/authenticator/index.ts';",
    /src\/cognito/,
  ],
  [
    'the emulator shares no code with src/',
    'emulator/src/zz.ts',
    "import { createAuthClient } from '../../src/cognito/index.ts';",
    /emulator/,
  ],
  [
    'the emulator shares no code with the machine',
    'emulator/src/zz.ts',
    "import { validation } from '../../machines/authenticator/index.ts';",
    /emulator/,
  ],
  [
    'the emulator shares no code, even in its tests',
    'emulator/test/zz.test.ts',
    "import { srp } from '../../src/cognito/srp/srp.ts';",
    /emulator/,
  ],
  [
    'src/ never imports the emulator',
    'src/cognito/zz.test.ts',
    "import { createEmulator } from '../../emulator/src/server.ts';",
    /emulator/,
  ],
  [
    'pages reach auth only through the session API',
    'src/pages/zz.tsx',
    "import { createAuthClient } from '../cognito/index.ts';",
    /session API/,
  ],
  ['pages never reach the authenticator', 'src/pages/zz.tsx', "import { useAuth } from '../authenticator/index.ts';", /session API/],
  ['the session API knows no screens', 'src/session/zz.ts', "import { useAuth } from '../authenticator/index.ts';", /session API/],
  [
    'the session API takes only the form rules from the machine',
    'src/session/zz.ts',
    "import { authenticatorMachine } from '../../machines/authenticator/index.ts';",
    /session API/,
  ],
  ['the layout knows nothing of sign-in', 'src/layout/zz.tsx', "import { useAuth } from '../authenticator/index.ts';", /sign-in/],
  ['the route manifest imports nothing of the app', 'src/routes/zz.ts', "import { MENU } from '../layout/index.ts';", /route manifest/],
  [
    'the route manifest names pages, never imports them',
    'src/routes/zz.ts',
    "import { Component } from '../pages/empty/EmptyPage.tsx';",
    /route manifest/,
  ],
  ['the route manifest is plain data: no React', 'src/routes/zz.ts', "import { lazy } from 'react';", /route manifest/],
  [
    'a room is entered through its index.ts',
    'src/app/zz.tsx',
    "import { AuthProvider } from '../authenticator/AuthProvider.tsx';",
    /index\.ts/,
  ],
];

describe('the rooms, as lint enforces them', () => {
  it.each(NEVERS)('%s', async (_never, file, code, message) => {
    const found = await problems(file, code);
    expect(found.length, `${file}: ${code}`).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(message);
  });

  it.each([
    ['the authenticator uses the client through its entry', 'src/authenticator/zz.ts', "import { AuthError } from '../cognito/index.ts';"],
    [
      'the client shares the step names, and only those',
      'src/cognito/zz.ts',
      "import type { AuthStep } from '../../machines/authenticator/authSteps.ts';",
    ],
    ['the machine uses XState', 'machines/authenticator/zz.ts', "import { setup } from 'xstate';"],
    ['a page uses the session API', 'src/pages/zz.tsx', "import { useSession } from '../session/index.ts';"],
    ['the menu reads the route manifest', 'src/layout/menu/zz.ts', "import { ROUTES } from '../../routes/manifest.ts';"],
    ['the first paint reads the route manifest', 'src/first-paint/zz.ts', "import { pathsPattern } from '../routes/manifest.ts';"],
    ['the router reads the route manifest', 'src/app/zz.tsx', "import { ROUTES } from '../routes/manifest.ts';"],
    [
      'the session API checks passwords with the form rules',
      'src/session/zz.ts',
      "import { passwordPolicyErrors } from '../../machines/authenticator/validation.ts';",
    ],
    [
      'a test of i18n reads the machine’s messages',
      'src/i18n/zz.test.ts',
      "import { validation } from '../../machines/authenticator/index.ts';",
    ],
  ])('lets through what is allowed: %s', async (_allowed, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
