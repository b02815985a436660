/**
 * The one script every page loads (a module, so it runs after the page is parsed and never
 * delays its first paint). Pages are complete HTML without it; it adds the few behaviours
 * the platform does not give for free, notes where the visit came from, and on pages with
 * interactive parts starts the island loader, which hydrates only those parts with React.
 */
import { islandsToHydrate } from '../islands/islands-to-hydrate.ts';
import { recordFirstTouch } from '../lib/first-touch.ts';
import { enhanceBackToTop } from './back-to-top.ts';
import { enhanceDialogs } from './dialogs.ts';
import { fillPublishedDates } from './published-dates.ts';
import { enhanceSectionLinks } from './section-links.ts';
import { enhanceSiteMenu } from './site-menu.ts';

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
if (islandsToHydrate(document, location.pathname).length > 0) {
  import('./islands.tsx')
    .then(({ hydrateIslands }) => hydrateIslands(document))
    .catch((error: unknown) => console.error('site script: the island loader failed', error));
}
run('first touch', () => recordFirstTouch());
run('menu', () => enhanceSiteMenu(document));
run('back to top', () => enhanceBackToTop(document, window));
run('dialogs', () => enhanceDialogs(document, window));
run('dates', () => fillPublishedDates(document));
run('section links', () => enhanceSectionLinks(document, window));
// Browser tests wait for this mark before they touch the page.
document.documentElement.dataset.ready = '';
