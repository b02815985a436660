import { ARTICLES, CATEGORIES } from './content/library.ts';
import { privacyPageCopy } from './content/privacy-page.ts';
import { escapeXml } from './lib/xml.ts';
import { PATHS } from './paths.ts';

/** Every page a search engine should index, with the date its content last changed. */
export function sitemapEntries(): { path: string; lastmod?: string }[] {
  return [
    ...Object.values(PATHS).map((path) =>
      // The notice carries its own date, so crawlers can tell when it changed.
      path === PATHS.privacy ? { path, lastmod: privacyPageCopy.lastUpdated.date } : { path },
    ),
    ...CATEGORIES.map((c) => ({ path: c.path })),
    ...ARTICLES.map((a) => ({ path: a.url, lastmod: a.publishedDate })),
  ];
}

export function sitemapXml(origin: string): string {
  const urls = sitemapEntries()
    .map(({ path, lastmod }) => {
      const loc = `<loc>${escapeXml(new URL(path, origin).toString())}</loc>`;
      return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', origin).toString()}\n`;
}
