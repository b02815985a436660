import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The WCAG 2.0, 2.1 and 2.2 A/AA rules plus axe's best practices. Named explicitly: axe's
 * default run leaves out `target-size`, the one WCAG 2.2 AA rule it has.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Every accessibility violation on the page as it stands, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const ran = [results.passes, results.incomplete, results.inapplicable, results.violations]
    .flat()
    .map((rule) => rule.id);
  if (!ran.includes('target-size'))
    throw new Error('axe did not run the WCAG 2.2 target-size rule');
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
