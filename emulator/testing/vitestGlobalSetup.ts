/**
 * Vitest global setup: one emulator on a free port for the whole run. Tests
 * read its config with `inject('emulator')` and talk to it over HTTP, exactly
 * as the browser app does.
 */
import type { TestProject } from 'vitest/node';
import { createEmulator } from '../src/server.ts';

export default async function setup(project: TestProject) {
  const emulator = await createEmulator({ port: 0 });
  project.provide('emulator', emulator.config);
  return () => emulator.close();
}
