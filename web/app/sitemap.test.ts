// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from './content/library.ts';
import { privacyPageCopy } from './content/privacy-page.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

describe('sitemap.xml', () => {
  const xml = sitemapXml('https://kryon.example');

  it('lists every route, category and article once, but not the 404 page', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of [
      '/',
      '/features',
      '/what-we-are',
      '/security-intelligence',
      '/contact',
      '/demo',
      '/privacy',
    ]) {
      expect(locs).toContain(`https://kryon.example${path}`);
    }
    for (const c of CATEGORIES) expect(locs).toContain(`https://kryon.example${c.path}`);
    for (const a of ARTICLES) expect(locs).toContain(`https://kryon.example${a.url}`);
    expect(locs.some((l) => l?.includes('404'))).toBe(false);
  });

  it('dates each article with its publication date', () => {
    const [article] = ARTICLES;
    expect(xml).toContain(`${article?.url}</loc><lastmod>${article?.publishedDate}</lastmod>`);
  });

  it('dates the privacy notice with its last update', () => {
    expect(xml).toContain(
      `https://kryon.example/privacy</loc><lastmod>${privacyPageCopy.lastUpdated.date}</lastmod>`,
    );
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers off the API and names the sitemap', () => {
    const robots = robotsTxt('https://kryon.example');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://kryon.example/sitemap.xml');
  });
});
