/**
 * What a QA pass ran, read from Playwright's JSON report: how many tests ran,
 * how many were skipped and why, and whether the README says the same.
 */

/** The README's sentence, e.g. "In QA mode 65 of the 87 tests run and 22 are skipped". */
export const COUNTS_PATTERN = /In QA mode (\d+) of the (\d+) tests run and (\d+) are skipped/;

interface JsonAnnotation {
  type: string;
  description?: string;
}
interface JsonTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  annotations?: JsonAnnotation[];
  results?: { annotations?: JsonAnnotation[] }[];
}
interface JsonSpec {
  title: string;
  file: string;
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
export interface JsonReport {
  suites: JsonSuite[];
}

export interface PassSummary {
  total: number;
  ran: number;
  failed: number;
  skipped: number;
  /** skip reason → how many tests */
  reasons: Map<string, number>;
}

function* specsOf(suites: JsonSuite[]): Generator<JsonSpec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites ?? []);
  }
}

export function summarize(report: JsonReport): PassSummary {
  const summary: PassSummary = { total: 0, ran: 0, failed: 0, skipped: 0, reasons: new Map() };
  for (const spec of specsOf(report.suites)) {
    for (const test of spec.tests) {
      summary.total++;
      if (test.status === 'skipped') {
        summary.skipped++;
        const annotations = [...(test.annotations ?? []), ...(test.results ?? []).flatMap((result) => result.annotations ?? [])];
        const reason = annotations.find((annotation) => annotation.type === 'skip')?.description ?? '(no reason given)';
        summary.reasons.set(reason, (summary.reasons.get(reason) ?? 0) + 1);
      } else {
        summary.ran++;
        if (test.status === 'unexpected') summary.failed++;
      }
    }
  }
  return summary;
}

/** The README's counts, or null when the sentence is missing. */
export function readmeCounts(readme: string): { ran: number; total: number; skipped: number } | null {
  const match = COUNTS_PATTERN.exec(readme);
  return match ? { ran: Number(match[1]), total: Number(match[2]), skipped: Number(match[3]) } : null;
}
