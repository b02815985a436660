import { PATHS } from '../paths.ts';
import { ARTICLES, CATEGORIES } from './library.ts';

/**
 * Every page a link inside the site may point at: the static routes, each category and each
 * article. The same pages are prerendered (prerender-paths.ts), so a link to anything else
 * would land on the 404 page.
 */
export const SITE_PAGES: ReadonlySet<string> = new Set<string>([
  ...Object.values(PATHS),
  ...CATEGORIES.map((c) => c.path),
  ...ARTICLES.map((a) => a.url),
]);
