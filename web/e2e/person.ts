import { MIN_FILL_MS } from '@kryon/shared/constants';
import type { Page } from '@playwright/test';

/**
 * Waits, if need be, until a person could have filled the form in: MIN_FILL_MS after the
 * visitor arrived (the page's navigation start). The API answers a faster submission as
 * usual but takes it for a bot's and sends no e-mail (docs/decisions/021), so a journey that
 * expects its e-mail waits here before it submits.
 */
export async function waitLikeAPerson(page: Page): Promise<void> {
  const elapsed = await page.evaluate(() => performance.now());
  const margin = 200;
  if (elapsed < MIN_FILL_MS + margin) await page.waitForTimeout(MIN_FILL_MS + margin - elapsed);
}
