/**
 * Chromium's compile hint for the chunks whose code runs as soon as it has arrived (issue 30). V8 compiles a
 * function the first time it is called unless told otherwise, and that compiling happens on the main thread, in the
 * middle of whatever called it: the app's first render after a sign-in ended (React's and Mantine's code), the
 * machine's start, the proof of the password, the dashboard's first render. A file that begins with the comment
 * `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly, off the main thread, while it streams in
 * (https://v8.dev/blog/explicit-compile-hints). Other browsers ignore the comment.
 *
 * Measured with the benchmark's press-at-once password sign-in on loopback (alternating visits of the build with and
 * without the hints): from the pool's last answer to the dashboard's frame 34 → 19 ms, the whole sign-in 370 → 348 ms
 * in 40 pairs and 350 → 341 ms in 60 (the press 2 ms later there: the eager compiling takes some of the second core).
 * On the mobile profile (10 pairs) 2121 → 2058 ms, the proof of the password 218 → 146 ms.
 *
 * Marked are the chunks the sign-in and the first signed-in page run (RUNS_ON_LOAD), not the other pages' nor the
 * locales' message catalogues: eager compiling of code that may never run (a chart library, a page not visited) would
 * only take the second core and memory.
 */
import type { Plugin } from 'vite';

/** The hint, as the first line of a file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunks whose code runs as soon as it has arrived, by the names vite.config.ts gives them (its groups) or the
 * bundler does (a dynamic import's module): the entry and its group, the sign-in's code and the machine, the later
 * screens, the SDK, the passwordless sign-ins' code and passkey autofill's, and the shell and home page a sign-in
 * lands on. A chunk renamed, or a new one on those paths, changes this list: the production spec checks that each
 * name is built, and that every file of code a whole sign-in fetches carries the hint.
 */
export const RUNS_ON_LOAD: readonly string[] = [
  'index',
  'rolldown-runtime',
  'app',
  'signing',
  'signingIn',
  'machineActor',
  'later',
  'aws-sdk',
  'sdk',
  'userAuth',
  'passwordless',
  'webauthn',
  'autofill',
  'shell',
  'RouterRoot',
  'ProtectedLayout',
  'AppLayout',
  'home',
  'DashboardHome',
];

/** Prepends the hint to each built chunk whose name `runsOnLoad` accepts (build only; the dev server's modules are many and small). */
export function compileHints(runsOnLoad: (chunkName: string) => boolean = (name) => RUNS_ON_LOAD.includes(name)): Plugin {
  return {
    name: 'customer-area:compile-hints',
    apply: 'build',
    // After Vite's own changes to the chunks (the preload helper's list of dependencies goes at the top of a chunk).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && runsOnLoad(file.name) && !file.code.startsWith(COMPILE_HINT)) file.code = COMPILE_HINT + file.code;
        }
      },
    },
  };
}
