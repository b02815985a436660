/**
 * The one script every page loads (a module, so it runs after the page is parsed and never
 * delays its first paint). Pages are complete HTML without it; it adds the few behaviours
 * the platform does not give for free, notes where the visit came from, and on pages with
 * interactive parts starts the island loader, which hydrates only those parts with React.
 */
import { recordFirstTouch } from '../lib/first-touch.ts';
import { enhanceBackToTop } from './back-to-top.ts';
import { enhanceDialogs } from './dialogs.ts';
import { fillPublishedDates } from './published-dates.ts';
import { enhanceSectionLinks } from './section-links.ts';
import { enhanceSiteMenu } from './site-menu.ts';

recordFirstTouch();
enhanceSiteMenu(document);
enhanceBackToTop(document, window);
enhanceDialogs(document, window);
fillPublishedDates(document);
enhanceSectionLinks(document, window);
// React, and each island's code, only on a page that has islands.
if (document.querySelector('[data-island]')) {
  import('./islands.tsx').then(({ hydrateIslands }) => hydrateIslands(document));
}
// Browser tests wait for this mark before they touch the page.
document.documentElement.dataset.ready = '';
