import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { failedModuleAddress, retryable } from './retryable.ts';

const ADDRESS = 'https://app.example.com/assets/SettingsDrawer-BAKsrZfw.js';

describe('the module a failed import names', () => {
  it("reads Chromium's and Firefox's messages; Safari's names none", () => {
    expect(failedModuleAddress(new TypeError(`Failed to fetch dynamically imported module: ${ADDRESS}`))).toBe(ADDRESS);
    expect(failedModuleAddress(new TypeError(`error loading dynamically imported module: ${ADDRESS}`))).toBe(ADDRESS);
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleAddress('offline')).toBeUndefined();
  });
});

describe('a chunk imported again after a failure', () => {
  // A module on disk, and a load that fails as Chromium's does once a fetch of it has failed: at once, every time.
  const folder = mkdtempSync(join(tmpdir(), 'retryable-'));
  const file = join(folder, 'panel.mjs');
  writeFileSync(file, 'export const name = "panel";\n');
  const address = pathToFileURL(file).href;
  const failing = () => vi.fn(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`)));

  it('asks for the failed module under a new address, and keeps the one that arrived', async () => {
    const load = failing();
    const loader = retryable(load as () => Promise<{ name: string }>);
    await expect(loader()).rejects.toThrow(/Failed to fetch/);
    const module = await loader();
    expect(module.name).toBe('panel');
    expect(await loader()).toBe(module);
    expect(load).toHaveBeenCalledOnce();
  });

  it('calls the same load again when the failure names no module', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Importing a module script failed.')));
    const loader = retryable(load);
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
