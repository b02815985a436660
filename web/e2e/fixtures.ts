import { test as base, type Page, type Response } from '@playwright/test';
import { NEAR_VIEWPORT_PX } from '../app/islands/island-registry.ts';

export { expect } from '@playwright/test';

/**
 * Resolves once the page in the tab answers clicks, not merely loaded: its site script has run
 * (it marks <html data-ready>: app/browser/site.ts) and its islands in view are hydrated
 * (each marks itself data-hydrated: app/browser/islands.tsx). `page.goto` and `page.reload` wait for it; a journey that reaches a page by clicking a link
 * waits for it before it touches the new page.
 */
export async function pageReady(page: Page): Promise<void> {
  await page.waitForFunction((margin) => {
    const html = document.documentElement;
    // Islands that hydrate on load, and those near the viewport, which hydrate when
    // they come near: a journey that scrolls to one touches it, and it hydrates then.
    // An island's wrapper has no box (display: contents), so what it holds is measured.
    const near = (island: HTMLElement) =>
      [...(island.children.length > 0 ? island.children : [island])].some((element) => {
        const box = element.getBoundingClientRect();
        return box.top < window.innerHeight + margin && box.bottom > -margin;
      });
    // An island placed to hydrate only under some path is left alone elsewhere.
    const wanted = (island: HTMLElement) =>
      island.dataset.hydrateUnder === undefined ||
      window.location.pathname.startsWith(island.dataset.hydrateUnder);
    const islandsDone = [
      ...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])'),
    ]
      .filter(wanted)
      .every((island) => island.dataset.hydrate === 'visible' && !near(island));
    return html.hasAttribute('data-ready') && islandsDone;
  }, NEAR_VIEWPORT_PX);
}

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
 * Scrolls to an island that hydrates only once it comes near (a form further down the page)
 * and waits until it is live, as a person scrolling to it would find it. Its controls are
 * disabled until then, and Playwright waits for a control to be enabled before it scrolls to
 * it, so a journey that goes straight for such a form reaches it first.
 */
export async function reachIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`);
  // The wrapper has no box of its own (display: contents): its first child stands for it.
  await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.hasAttribute('data-hydrated') === true,
    `[data-island="${name}"]`,
  );
}
