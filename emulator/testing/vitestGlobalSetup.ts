/**
 * Vitest global setup: one emulator on a free port for the whole run. Tests
 * read its config with `inject('emulator')` and talk to it over HTTP, exactly
 * as the browser app does.
 */
import type { TestProject } from 'vitest/node';
import { createEmulator } from '../src/server.ts';

export default async function setup(project: TestProject) {
  // verifyJournal: the app's tests drive the pool too, and check along the way that its journal misses no change.
  const emulator = await createEmulator({ port: 0, verifyJournal: true });
  project.provide('emulator', emulator.config);
  return () => emulator.close();
}
