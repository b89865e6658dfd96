/**
 * Reading the build's manifest (dist/.vite/manifest.json): which files a
 * given set of modules needs at load time. The service worker's precache, the
 * performance budget and the benchmark all ask the same question.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The modules of the app whose load-time files make up each path (manifest keys are paths from the project root). */
export const MODULES = {
  /** index.html's entry: everything the sign-in form needs to show, and nothing else (docs/architecture.md) */
  entry: 'index.html',
  /** the authenticator's machine (XState, the machine, its actors), fetched once the first screen is up (src/authenticator/startingActor.ts) */
  machine: 'src/authenticator/machineActor.ts',
  /** React Router and every route, loaded once the customer is signed in or on a public page */
  router: 'src/app/RouterRoot.tsx',
  /** the dashboard's shell, once signed in (the session API, the questions after sign-in) */
  protectedLayout: 'src/app/ProtectedLayout.tsx',
  /** the service worker's registration (workbox-window), loaded once the app is stable */
  serviceWorker: 'src/pwa/serviceWorker.ts',
  /** the sign-in's screens after the first (sign-up, codes, MFA, new passwords), fetched while the customer types */
  laterScreens: 'src/authenticator/screens/later.ts',
  /** the AWS SDK's user-pool client, fetched while the customer types */
  userPoolSdk: 'src/cognito/sdk.ts',
  /** signing in and answering challenges, fetched with the SDK */
  signingIn: 'src/cognito/signingIn.ts',
  /** choice-based sign-in (e-mailed codes, passkeys), fetched while the customer types where the pool allows them */
  userAuth: 'src/cognito/userAuth.ts',
  /** the browser's WebAuthn calls for a passkey sign-in, fetched with choice-based sign-in */
  webAuthn: 'src/cognito/webauthn.ts',
} as const;

export interface Files {
  js: string[];
  css: string[];
}

/** The files of `keys` and of everything they import statically, each once, in load order. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Files {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}: was it renamed?`);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  };
  keys.forEach(visit);
  return { js, css: [...css] };
}
