import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `page.goto` resolves once an HTML page is hydrated, not merely loaded: the site starts its
 * scripts only after the first paint (scripts/defer-hydration.ts), often after the load event,
 * and a click before hydration does nothing. The root layout marks <html data-hydrated>.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
});
