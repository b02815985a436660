import { test as base, type Page, type Response } from '@playwright/test';
import { pageReady } from './page-ready.ts';

export { expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const hydrated = async (response: Response | null) => {
      // With scripts off, a page is ready once loaded: nothing will hydrate it.
      if (javaScriptEnabled === false) return response;
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await pageReady(page);
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

/**
 * Scrolls to an island that hydrates at the visitor's first touch (a form), touches it where
 * a press changes nothing (its first heading) and waits until React has taken it over: for a
 * journey about what the form does once live, such as errors shown as a field is left.
 */
export async function reachIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`);
  await island.locator('h2').first().click();
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.hasAttribute('data-hydrated') === true,
    `[data-island="${name}"]`,
  );
}
