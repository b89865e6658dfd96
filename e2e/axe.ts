/**
 * axe-core over a page as it stands, the one way every spec runs it.
 *
 * Two settings make a scan cheap enough to run on every page the suite opens, and change no verdict:
 *
 * - axe runs in the page itself (AxeBuilder's legacy mode). The default opens a blank page of its own for each
 *   scan and hands it every frame's results as JSON, so that frames of other origins can be combined; no page of
 *   the app holds one (the studio's frames are its own origin, and axe reaches same-origin frames either way).
 * - Elements are listed for violations only (`resultTypes`): the specs read nothing else. Passing rules are still
 *   reported, each with one element, so a spec can check that the scan ran rules at all.
 *
 * Measured on the 2-core machine: the menu's sixteen UI Components pages, 59 s with the defaults, 41 s so.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export interface AxeScope {
  /** a CSS selector: only this part of the page (the page's `main`, inside the shell) */
  include?: string;
  /** only the rules of these tags; every rule axe runs by default otherwise (WCAG 2.x A and AA, best practices) */
  tags?: string[];
}

export async function axeScan(page: Page, { include, tags }: AxeScope = {}): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (tags) builder = builder.withTags(tags);
  if (include) builder = builder.include(include);
  return builder.analyze();
}

/** One line per violation: the rule, its impact and the elements, so that a failure says what to fix. */
export const violationLines = (results: AxeResults): string[] =>
  results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join('; ')}`);
