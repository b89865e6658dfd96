import { expect, type Page } from '@playwright/test';
import { type AxeResults, axeScan } from '../axe.ts';
import { switchLanguage } from './language.ts';

/** One line per violation: rule, impact and the elements, so a failure says what to fix. */
function summary(violations: AxeResults['violations']): string[] {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('; ')}`,
  );
}

/**
 * axe-core over the whole page in English and in Spanish (switched with the
 * card's own menu), every rule axe runs by default (WCAG 2.x A and AA and
 * best practices). The page is left in English.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    await switchLanguage(page, language);
    const results = await axeScan(page);
    expect(summary(results.violations), `axe on ${screen} (${language})`).toEqual([]);
    // An empty run would pass anything: the page must have been checked against something.
    expect(results.passes.length, `axe on ${screen} (${language}): rules that passed`).toBeGreaterThan(10);
  }
  await switchLanguage(page, 'en');
}
