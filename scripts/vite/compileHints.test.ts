import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compileHints.ts';

interface FakeChunk {
  type: 'chunk';
  name: string;
  code: string;
}
interface FakeAsset {
  type: 'asset';
  name: string;
  source: string;
}
type Handler = (options: unknown, bundle: Record<string, FakeChunk | FakeAsset>) => void;

/** Runs the plugin's generateBundle hook, as the bundler would, on a bundle of fakes. */
function generate(runsOnLoad: (name: string) => boolean, bundle: Record<string, FakeChunk | FakeAsset>): void {
  const hook = compileHints(runsOnLoad).generateBundle as unknown as { order: string; handler: Handler };
  // After Vite's own generateBundle, which puts the preload helper's list at the top of a chunk.
  expect(hook.order).toBe('post');
  hook.handler({}, bundle);
}

describe("Chromium's compile hint", () => {
  it('begins each chunk named, once, and leaves other chunks and assets as they were', () => {
    const bundle: Record<string, FakeChunk | FakeAsset> = {
      'assets/app-1.js': { type: 'chunk', name: 'app', code: 'const __vite__mapDeps=1;' },
      'assets/ChartPage-2.js': { type: 'chunk', name: 'ChartPage', code: 'export{}' },
      'assets/app-3.css': { type: 'asset', name: 'app', source: 'a{}' },
    };
    const app = (name: string) => name === 'app';
    generate(app, bundle);
    generate(app, bundle);
    expect(bundle['assets/app-1.js']).toMatchObject({ code: `${COMPILE_HINT}const __vite__mapDeps=1;` });
    expect(bundle['assets/ChartPage-2.js']).toMatchObject({ code: 'export{}' });
    expect(bundle['assets/app-3.css']).toMatchObject({ source: 'a{}' });
  });
});
