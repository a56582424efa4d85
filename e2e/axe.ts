import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the product promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now (an open dialog included) and fails on any serious or critical
 * violation, naming the rule, its help and the first elements, so the report says what to fix.
 */
export async function expectAccessible(page: Page, what: string) {
  // Let entering transitions finish: axe would measure half-faded colours.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    // WCAG 2.5.3 'label in name' is experimental in axe, so off unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 3)
          .map((node) => `    ${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join('\n'),
    );
  // Soft: one run reports every page's violations, and the test still fails.
  expect.soft(blocking, `${what}: serious or critical WCAG 2.1 AA violations`).toEqual([]);
}
