import { describe, expect, it } from 'vitest';
import type { Manifest } from './manifest.ts';
import { signedInFiles, signInFiles } from './preloadLists.ts';

/**
 * A build's manifest in miniature: the entry, the machine, the AWS SDK and the sign-in's code, the sign-in's later screens (fetched
 * while the customer types), the shell's three modules sharing a chunk that also imports the later screens' chunk, the
 * home page.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_app.js'] },
  '_app.js': { file: 'assets/app.js', css: ['assets/app.css'] },
  'src/authenticator/machineActor.ts': { file: 'assets/machineActor.js', isDynamicEntry: true, imports: ['_app.js'] },
  '_sdk.js': { file: 'assets/aws-sdk.js', imports: ['_app.js'] },
  'src/cognito/sdk.ts': { file: 'assets/sdk.js', isDynamicEntry: true, imports: ['_sdk.js', '_app.js'] },
  '_signing.js': { file: 'assets/signing.js', imports: ['_app.js'] },
  'src/cognito/signingIn.ts': { file: 'assets/signingIn.js', isDynamicEntry: true, imports: ['_signing.js'] },
  '_later.js': { file: 'assets/later.js', imports: ['_app.js'], css: ['assets/later.css'] },
  'src/authenticator/screens/later.ts': { file: 'assets/laterScreens.js', isDynamicEntry: true, imports: ['_later.js'] },
  '_shell.js': { file: 'assets/shell.js', imports: ['_app.js', '_later.js'], css: ['assets/shell.css'] },
  'src/app/RouterRoot.tsx': { file: 'assets/RouterRoot.js', isDynamicEntry: true, imports: ['_shell.js', '_app.js'] },
  'src/app/ProtectedLayout.tsx': { file: 'assets/ProtectedLayout.js', isDynamicEntry: true, imports: ['_shell.js'] },
  'src/layout/AppLayout.tsx': { file: 'assets/AppLayout.js', isDynamicEntry: true, imports: ['_shell.js'] },
  '_home.js': { file: 'assets/home.js', imports: ['_app.js', '_shell.js'], css: ['assets/home.css'] },
  'src/pages/dashboard/DashboardHome.tsx': { file: 'assets/DashboardHome.js', isDynamicEntry: true, imports: ['_home.js'] },
};

describe("the sign-in's files listed in index.html", () => {
  it("lists the machine's and the sign-in's code, without the entry's and without the AWS SDK's", () => {
    expect(signInFiles(MANIFEST)).toEqual(['/assets/machineActor.js', '/assets/signing.js', '/assets/signingIn.js']);
  });
});

describe("the signed-in page's files listed in index.html", () => {
  it("lists the shell's JS and CSS once each, without what the sign-in fetched (the entry, the later screens)", () => {
    const { shell } = signedInFiles(MANIFEST);
    expect(shell).toEqual([
      '/assets/shell.js',
      '/assets/RouterRoot.js',
      '/assets/ProtectedLayout.js',
      '/assets/AppLayout.js',
      '/assets/shell.css',
    ]);
  });

  it("lists the home page's files without the shell's, under the home page's address from the route manifest", () => {
    const { homePath, home } = signedInFiles(MANIFEST);
    expect(homePath).toBe('/dashboard');
    expect(home).toEqual(['/assets/home.js', '/assets/DashboardHome.js', '/assets/home.css']);
  });

  it('fails on a build that no longer has one of the modules', () => {
    const { ['src/layout/AppLayout.tsx']: _gone, ...renamed } = MANIFEST;
    expect(() => signedInFiles(renamed)).toThrow(/src\/layout\/AppLayout\.tsx/);
  });
});
