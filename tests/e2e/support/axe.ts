// The accessibility check of a screen: axe's rules on what is on the page now, failing on a serious or
// critical violation (a control without a name, a role where it does not belong, text too faint), with
// every violation listed by rule, element and what axe says to fix.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page (or inside `include`), one readable line each. */
export async function seriousA11yViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')}\n    ${n.failureSummary ?? v.help}\n    ${v.helpUrl}`,
      ),
    );
}

/**
 * Fails the test, as a step named after the screen, when the screen has a serious or critical violation;
 * softly, so the test goes on to the next screen and a run lists every screen's violations.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string, include?: string) {
  await test.step(`axe: ${screen}`, async () => {
    const lines = await seriousA11yViolations(page, include);
    expect.soft(lines, `accessibility violations on ${screen}:\n  ${lines.join('\n  ')}`).toEqual([]);
  });
}
