/**
 * docs/accessibility.md, the WCAG 2.2 AA conformance report, cannot drift: every Level A and AA criterion of WCAG
 * 2.2 is one row, with its name and level and one of the VPAT's terms; 4.1.1, which 2.2 made obsolete, may only be
 * listed as such; every test a row cites exists, with that title, in that file; and a row that claims support
 * without a test says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const report = readFileSync(join(ROOT, 'docs', 'accessibility.md'), 'utf8');

/** WCAG 2.2's success criteria at Level A and AA (4.1.1 Parsing is obsolete in 2.2 and not among them). */
const WCAG22_A_AA: Record<string, [name: string, level: 'A' | 'AA']> = {
  '1.1.1': ['Non-text Content', 'A'],
  '1.2.1': ['Audio-only and Video-only (Prerecorded)', 'A'],
  '1.2.2': ['Captions (Prerecorded)', 'A'],
  '1.2.3': ['Audio Description or Media Alternative (Prerecorded)', 'A'],
  '1.2.4': ['Captions (Live)', 'AA'],
  '1.2.5': ['Audio Description (Prerecorded)', 'AA'],
  '1.3.1': ['Info and Relationships', 'A'],
  '1.3.2': ['Meaningful Sequence', 'A'],
  '1.3.3': ['Sensory Characteristics', 'A'],
  '1.3.4': ['Orientation', 'AA'],
  '1.3.5': ['Identify Input Purpose', 'AA'],
  '1.4.1': ['Use of Color', 'A'],
  '1.4.2': ['Audio Control', 'A'],
  '1.4.3': ['Contrast (Minimum)', 'AA'],
  '1.4.4': ['Resize Text', 'AA'],
  '1.4.5': ['Images of Text', 'AA'],
  '1.4.10': ['Reflow', 'AA'],
  '1.4.11': ['Non-text Contrast', 'AA'],
  '1.4.12': ['Text Spacing', 'AA'],
  '1.4.13': ['Content on Hover or Focus', 'AA'],
  '2.1.1': ['Keyboard', 'A'],
  '2.1.2': ['No Keyboard Trap', 'A'],
  '2.1.4': ['Character Key Shortcuts', 'A'],
  '2.2.1': ['Timing Adjustable', 'A'],
  '2.2.2': ['Pause, Stop, Hide', 'A'],
  '2.3.1': ['Three Flashes or Below Threshold', 'A'],
  '2.4.1': ['Bypass Blocks', 'A'],
  '2.4.2': ['Page Titled', 'A'],
  '2.4.3': ['Focus Order', 'A'],
  '2.4.4': ['Link Purpose (In Context)', 'A'],
  '2.4.5': ['Multiple Ways', 'AA'],
  '2.4.6': ['Headings and Labels', 'AA'],
  '2.4.7': ['Focus Visible', 'AA'],
  '2.4.11': ['Focus Not Obscured (Minimum)', 'AA'],
  '2.5.1': ['Pointer Gestures', 'A'],
  '2.5.2': ['Pointer Cancellation', 'A'],
  '2.5.3': ['Label in Name', 'A'],
  '2.5.4': ['Motion Actuation', 'A'],
  '2.5.7': ['Dragging Movements', 'AA'],
  '2.5.8': ['Target Size (Minimum)', 'AA'],
  '3.1.1': ['Language of Page', 'A'],
  '3.1.2': ['Language of Parts', 'AA'],
  '3.2.1': ['On Focus', 'A'],
  '3.2.2': ['On Input', 'A'],
  '3.2.3': ['Consistent Navigation', 'AA'],
  '3.2.4': ['Consistent Identification', 'AA'],
  '3.2.6': ['Consistent Help', 'A'],
  '3.3.1': ['Error Identification', 'A'],
  '3.3.2': ['Labels or Instructions', 'A'],
  '3.3.3': ['Error Suggestion', 'AA'],
  '3.3.4': ['Error Prevention (Legal, Financial, Data)', 'AA'],
  '3.3.7': ['Redundant Entry', 'A'],
  '3.3.8': ['Accessible Authentication (Minimum)', 'AA'],
  '4.1.2': ['Name, Role, Value', 'A'],
  '4.1.3': ['Status Messages', 'AA'],
};

const TERMS = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'] as const;

interface Row {
  number: string;
  name: string;
  level: string;
  conformance: string;
  remarks: string;
}

/** The report's rows: a table line whose first cell starts with a criterion's number. */
function rows(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| \d+\.\d+\.\d+ /.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '').trim());
      const [criterion = '', level = '', conformance = '', ...rest] = cells;
      const [, number = '', name = ''] = /^(\d+\.\d+\.\d+) (.*)$/.exec(criterion) ?? [];
      return { number, name, level, conformance, remarks: rest.join(' | ') };
    });
}

/** The tests a row cites: `file` › `title`. */
function citations(remarks: string): { file: string; title: string }[] {
  return [...remarks.matchAll(/`([^`]+\.(?:spec|test)\.tsx?)` › `([^`]+)`/g)].map(([, file = '', title = '']) => ({ file, title }));
}

const listed = rows(report);

describe('docs/accessibility.md, the WCAG 2.2 AA conformance report', () => {
  it('lists every WCAG 2.2 A and AA criterion once, by its number, name and level', () => {
    const numbers = listed.map((row) => row.number);
    expect(
      numbers.filter((number, index) => numbers.indexOf(number) !== index),
      'listed twice',
    ).toEqual([]);
    expect(
      Object.keys(WCAG22_A_AA).filter((number) => !numbers.includes(number)),
      'missing',
    ).toEqual([]);
    expect(
      numbers.filter((number) => !(number in WCAG22_A_AA) && number !== '4.1.1'),
      'not a 2.2 A or AA criterion',
    ).toEqual([]);
    for (const row of listed.filter((r) => r.number in WCAG22_A_AA)) {
      expect([row.name, row.level], row.number).toEqual(WCAG22_A_AA[row.number]);
    }
  });

  it('says 4.1.1 is obsolete in 2.2, if it lists it at all', () => {
    const parsing = listed.find((row) => row.number === '4.1.1');
    if (parsing) {
      expect(parsing.conformance).toBe('Not Applicable');
      expect(parsing.remarks).toMatch(/obsolete/i);
    }
  });

  it('answers each criterion with one of the VPAT terms, and backs it with a test or a reason', () => {
    const unknown = listed.filter((row) => !(TERMS as readonly string[]).includes(row.conformance)).map((row) => row.number);
    expect(unknown).toEqual([]);
    // A claim of support names a test, or says in words why none is needed ("Reason, no test.").
    const unbacked = listed
      .filter((row) => row.conformance === 'Supports' && citations(row.remarks).length === 0 && !/Reason, no test\./.test(row.remarks))
      .map((row) => row.number);
    expect(unbacked).toEqual([]);
    // Every row says something beside its term.
    expect(listed.filter((row) => row.remarks.length < 10).map((row) => row.number)).toEqual([]);
  });

  it('cites only tests that exist, with their titles as written in their files', () => {
    const broken: string[] = [];
    for (const row of listed) {
      for (const { file, title } of citations(row.remarks)) {
        const path = join(ROOT, file);
        if (!existsSync(path)) broken.push(`${row.number}: no file ${file}`);
        else if (!readFileSync(path, 'utf8').includes(title)) broken.push(`${row.number}: no test "${title}" in ${file}`);
      }
    }
    expect(broken).toEqual([]);
    expect(listed.flatMap((row) => citations(row.remarks)).length).toBeGreaterThan(40);
  });

  it('reads its rows and citations as written', () => {
    const sample = rows(
      '| 2.4.1 Bypass Blocks | A | Supports | A skip link. `e2e/shell.spec.ts` › `a title`; `src/x.test.ts` › `another` |\n| Criterion | Level |',
    );
    expect(sample).toEqual([
      {
        number: '2.4.1',
        name: 'Bypass Blocks',
        level: 'A',
        conformance: 'Supports',
        remarks: 'A skip link. `e2e/shell.spec.ts` › `a title`; `src/x.test.ts` › `another`',
      },
    ]);
    expect(citations(sample[0]!.remarks)).toEqual([
      { file: 'e2e/shell.spec.ts', title: 'a title' },
      { file: 'src/x.test.ts', title: 'another' },
    ]);
  });
});
