import { test as base, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `page.goto` and `page.reload` resolve once an HTML page is hydrated, not merely loaded: the
 * site starts its scripts only after the first paint (scripts/defer-hydration.ts), often after
 * the load event, and a click before hydration does nothing. The root layout marks
 * <html data-hydrated>.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const hydrated = async (response: Response | null) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => hydrated(await goto(url, options));
    page.reload = async (options) => hydrated(await reload(options));
    await use(page);
  },
});
