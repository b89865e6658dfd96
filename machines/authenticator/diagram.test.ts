import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { DIAGRAM_END, DIAGRAM_START, mermaidOf, withDiagram } from './diagram.ts';
import { authenticatorMachine } from './machine.ts';

const page = new URL('../../docs/authenticator.md', import.meta.url);

describe('the diagram in docs/authenticator.md', () => {
  it('matches the machine (run `npm run diagram` after changing it)', () => {
    const committed = readFileSync(page, 'utf8');
    expect(withDiagram(committed), 'docs/authenticator.md is out of date: run `npm run diagram`').toBe(committed);
  });

  it('draws every state of the machine', () => {
    const diagram = mermaidOf(authenticatorMachine);
    const ids = (node: { path: string[]; states: Record<string, unknown> }): string[] =>
      Object.values(node.states as Record<string, { path: string[]; states: Record<string, unknown> }>).flatMap((child) => [
        child.path.join('_'),
        ...ids(child),
      ]);
    for (const id of ids(authenticatorMachine.root)) expect(diagram).toMatch(new RegExp(`\\b${id}\\b`));
  });

  it('draws nesting, initial arrows, guards, actor answers and self-loops', () => {
    const machine = createMachine({
      id: 'demo',
      initial: 'a',
      states: {
        a: {
          initial: 'idle',
          states: {
            idle: { on: { GO: 'busy', POKE: { guard: 'nope', actions: [] } } },
            busy: { invoke: { id: 'work', src: 'work', onDone: '#demo.b', onError: 'idle' } },
          },
        },
        b: { on: { BACK: { target: 'a', guard: { type: 'allowed', params: { why: 'test' } } } } },
      },
    });
    expect(mermaidOf(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> a',
        '  state a {',
        '    [*] --> a_idle',
        '    state "idle" as a_idle',
        '    state "busy" as a_busy',
        '  }',
        '  a_idle --> a_busy : GO',
        '  a_idle --> a_idle : POKE [nope]',
        '  a_busy --> b : done',
        '  a_busy --> a_idle : error',
        '  b --> a : BACK [allowed test]',
      ].join('\n'),
    );
  });

  it('replaces only what lies between the markers, and adds them when missing', () => {
    const page = `# Title\n\nBefore.\n\n${DIAGRAM_START}\nold\n${DIAGRAM_END}\n\nAfter.\n`;
    const updated = withDiagram(page);
    expect(updated.startsWith('# Title\n\nBefore.\n\n')).toBe(true);
    expect(updated.endsWith(`${DIAGRAM_END}\n\nAfter.\n`)).toBe(true);
    expect(updated).not.toContain('\nold\n');
    expect(withDiagram('# Bare')).toContain(DIAGRAM_START);
  });
});
