/**
 * The one script every page loads (a module, so it runs after the page is parsed and never
 * delays its first paint). Pages are complete HTML without it; it adds the few behaviours
 * the platform does not give for free, notes where the visit came from, and on pages with
 * interactive parts starts the island loader, which hydrates only those parts with React.
 */
import { recordFirstTouch } from '../lib/first-touch.ts';
import { enhanceBackToTop } from './back-to-top.ts';
import { fillPublishedDates } from './published-dates.ts';
import { enhanceSectionLinks } from './section-links.ts';
import { enhanceSiteMenu } from './site-menu.ts';
import { startIslands } from './start-islands.ts';

/**
 * Each behaviour on its own: one that fails in some browser (an API it lacks) is logged and
 * leaves the others, and the islands, working.
 */
function run(name: string, behaviour: () => void): void {
  try {
    behaviour();
  } catch (error) {
    console.error(`site script: ${name} failed`, error);
  }
}

// React, and each island's code, only on a page that has islands; started first, so the
// interactive parts never wait on the rest.
startIslands(document);
run('first touch', () => recordFirstTouch());
run('menu', () => enhanceSiteMenu(document));
run('back to top', () => enhanceBackToTop(document, window));
// Only pages with card dialogs (/, /features) fetch their fallback and Tab wrap.
if (document.querySelector('dialog.page-dialog')) {
  import('./dialogs.ts')
    .then(({ enhanceDialogs }) => run('dialogs', () => enhanceDialogs(document, window)))
    .catch((error: unknown) => console.error('site script: dialogs failed to load', error));
}
run('dates', () => fillPublishedDates(document));
run('section links', () => enhanceSectionLinks(document, window));
// The 404 page, under the section it reads addresses in, fetches the code that picks its
// screen; its own screen is hidden meanwhile, so the visitor never sees one swapped for another.
const notFound = document.querySelector<HTMLElement>('[data-not-found-under]');
if (notFound && location.pathname.startsWith(notFound.dataset.notFoundUnder ?? '/')) {
  notFound.hidden = true;
  import('./not-found.ts')
    .then(({ showNotFoundScreen }) =>
      run('not found', () => showNotFoundScreen(document, location.pathname)),
    )
    .catch((error: unknown) => console.error('site script: not found failed to load', error))
    .finally(() => {
      notFound.hidden = false;
    });
}
// Browser tests wait for this mark before they touch the page.
document.documentElement.dataset.ready = '';
