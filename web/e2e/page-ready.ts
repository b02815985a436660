import type { Page } from 'playwright-core';

/**
 * Resolves once the page in the tab answers clicks, not merely loaded: its site script has run
 * (it marks <html data-ready>: app/browser/site.ts) and its islands that hydrate on load are
 * hydrated (each marks itself data-hydrated: app/browser/islands.tsx), and the 404 page shows the
 * screen its address calls for (data-shown: app/browser/not-found.ts). An island that hydrates
 * at the visitor's first touch (a form) is left as a visitor finds it once its small loader
 * has readied it (data-touch-ready: app/browser/touch-islands.ts): its fields take typing and
 * its buttons presses at once, and React takes over as they do. `page.goto` and
 * `page.reload` wait for this; a journey that reaches a page by clicking a link waits for it
 * before it touches the new page.
 */
export async function pageReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islandsDone = [
      ...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])'),
    ].every(
      (island) => island.dataset.hydrate === 'touch' && island.hasAttribute('data-touch-ready'),
    );
    // The 404 page, under the section whose addresses it reads, once it shows its screen.
    const notFound = document.querySelector<HTMLElement>('[data-not-found-under]');
    const notFoundDone =
      !notFound ||
      !window.location.pathname.startsWith(notFound.dataset.notFoundUnder ?? '/') ||
      notFound.hasAttribute('data-shown');
    return document.documentElement.hasAttribute('data-ready') && islandsDone && notFoundDone;
  });
}
