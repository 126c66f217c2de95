/** axe-core as the e2e suite runs it (ADR 049): WCAG 2.0/2.1 A and AA, serious and critical gated. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const GATED = new Set(['serious', 'critical']);

/** The serious and critical violations on the page (or in `include`), one readable line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe 4.13, so off unless asked for.
  // Only violations are collected: the passes are most of axe's time on a long page.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => GATED.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id} (${v.impact}): ${node.target.join(' ')}\n      ${node.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    );
}

/** Screenshots of the walk for a person to look at: WAYMARK_SHOTS=1 saves them under .tmp/shots. */
export const SHOTS_DIR = process.env.WAYMARK_SHOTS ? '.tmp/shots' : undefined;
