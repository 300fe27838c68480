// axe-core over the page as it is now; the bar is no serious or critical violation.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** Answers one line per serious or critical violation (empty when the page passes). */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 3).join('; ')}`)
        .join('\n');
      return `${label}: [${violation.impact}] ${violation.id} (${violation.help}), ${violation.nodes.length} node(s)\n${nodes}`;
    });
}
