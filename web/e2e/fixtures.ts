import { test as base, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `page.goto` and `page.reload` resolve once an HTML page answers clicks, not merely loaded:
 * its site script has run (it marks <html data-ready>: app/browser/site.ts) and, on a page the
 * router hydrates (<html data-router>), React has hydrated it (<html data-hydrated>). The
 * router's scripts start only after the first paint (scripts/defer-hydration.ts), often after
 * the load event.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const hydrated = async (response: Response | null) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.waitForFunction(() => {
          const html = document.documentElement;
          const routerDone =
            !html.hasAttribute('data-router') || html.hasAttribute('data-hydrated');
          return html.hasAttribute('data-ready') && routerDone;
        });
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
