/**
 * Writes the authenticator's Mermaid diagram, routes and events into
 * docs/authenticator.md, between its markers. `--check` writes nothing and
 * exits 1 when the page is out of date (the Vitest test checks the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withDiagram } from '../machines/authenticator/diagram.ts';

const page = fileURLToPath(new URL('../docs/authenticator.md', import.meta.url));
const current = readFileSync(page, 'utf8');
const next = withDiagram(current);

if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/authenticator.md does not match the machine: run `npm run diagram`.');
    process.exit(1);
  }
  console.log('docs/authenticator.md matches the machine.');
} else if (next === current) {
  console.log('docs/authenticator.md already matches the machine.');
} else {
  writeFileSync(page, next);
  console.log('docs/authenticator.md: diagram, routes and events regenerated.');
}
