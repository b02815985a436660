import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FEED_PATH, SECURITY_TXT_PATH } from '@kryon/shared/site-files';
import { SPECULATION_RULES_PATH, speculationRulesJson } from '@kryon/shared/speculation-rules';
import type { Config } from '@react-router/dev/config';
import { ARTICLES, CATEGORIES } from './app/content/library.ts';
import { researchItems } from './app/content/research-items.ts';
import { atomFeed } from './app/feed.ts';
import { prerenderPaths } from './app/prerender-paths.ts';
import { securityTxt } from './app/security-txt.ts';
import { SITE } from './app/site-config.ts';
import { robotsTxt, sitemapXml } from './app/sitemap.ts';
import { addSiteScript, buildBrowserEntries, htmlFiles } from './scripts/browser-entries.ts';
import { buildShareImages } from './scripts/share-images/build-share-images.ts';
import { trimBuild } from './scripts/trim-build.ts';

/*
 * A static site: no server renders at request time. Every route, including each category and
 * article page and the 404 page, is rendered to its own index.html at build time
 * (docs/decisions/002-react-router-prerendered-static-site.md); in the browser no page runs
 * the router, only the site script and the islands it hydrates (docs/decisions/064).
 */
export default {
  ssr: false,
  // WEB_BUILD_DIR lets parallel test runs build side by side (web/playwright.config.ts).
  // vite.config.ts's research plugin writes the reports' PDFs to <this directory>/reports.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  prerender: prerenderPaths,
  async buildEnd({ reactRouterConfig }) {
    const client = join(reactRouterConfig.buildDirectory, 'client');
    await writeFile(join(client, 'sitemap.xml'), sitemapXml(SITE.origin));
    await writeFile(join(client, 'robots.txt'), robotsTxt(SITE.origin));
    // Files, not routes: a route would add itself to the manifest every page ships.
    const write = async (path: string, text: string) => {
      const file = join(client, ...path.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    };
    await write(FEED_PATH, atomFeed(ARTICLES, SITE.origin));
    // Expires counts from this build: each deploy renews it (README, security.txt).
    await write(
      SECURITY_TXT_PATH,
      securityTxt({ origin: SITE.origin, contact: SITE.securityContact, now: new Date() }),
    );
    // Named by the servers' Speculation-Rules header: links prefetch on hover, with no
    // inline rules script for the CSP to allow.
    await write(SPECULATION_RULES_PATH, speculationRulesJson());
    // Beside the client folder, so it is not uploaded: the origins this build links to and
    // posts to, which the CDK app compares with the environment it deploys
    // (infra/lib/environment-files.ts), so a site and a stack that disagree do not ship.
    await writeFile(
      join(reactRouterConfig.buildDirectory, 'site-build.json'),
      `${JSON.stringify(
        {
          siteOrigin: SITE.origin,
          apiOrigin: SITE.apiOrigin,
          leadDestinations: SITE.leadDestinations.join(','),
        },
        null,
        2,
      )}\n`,
    );
    // The SPA fallback is the one page that would run the router; nothing serves it (the
    // hosts answer unknown paths with the 404 page), so it does not ship (app/root.tsx).
    await rm(join(client, '__spa-fallback.html'));
    // Then the site's own script on every page, built apart from the framework's; the
    // build fails on a page that would run any other script (the CSP allows no inline one).
    const rewriteStarted = performance.now();
    const pages = await htmlFiles(client);
    const { site, links } = await buildBrowserEntries(import.meta.dirname, client);
    await addSiteScript(client, pages, site);
    const rewriteSeconds = ((performance.now() - rewriteStarted) / 1000).toFixed(1);
    console.log(`${pages.length} pages given the site script in ${rewriteSeconds} s`);
    // Then what no page can reach goes: the framework's client build (the router, its
    // manifest, the route modules) and the loader data written for client navigations, which
    // no page makes any more. What the pages, the site script's chunks and the stylesheets
    // reference stays, and the build fails on a reference to a file it does not have.
    const { removed, bytes } = await trimBuild(client, pages, links);
    const data = removed.filter((file) => file.endsWith('.data')).length;
    console.log(
      `removed ${removed.length} files the pages never load (${(bytes / 1024).toFixed(1)} KB): ` +
        `${removed.length - data} assets, ${data} loader data files`,
    );
    // The research reports' PDFs were built before prerendering, by the research plugin in
    // vite.config.ts, so the archive's download dialog could show their page counts. Beside
    // the site, not in it: they are handed out only through a visitor's personal link
    // (docs/decisions/030, 069). A report without its PDF would be a link that answers
    // "unavailable", so the build stops.
    const reports = join(reactRouterConfig.buildDirectory, 'reports');
    const missing = researchItems.filter((item) => !existsSync(join(reports, `${item.id}.pdf`)));
    if (missing.length > 0) {
      throw new Error(`no PDF built for ${missing.map((item) => item.id).join(', ')}`);
    }
    // Then each article's and category's own link preview, where its og:image meta points.
    const started = performance.now();
    const images = await buildShareImages({
      articles: ARTICLES,
      categories: CATEGORIES,
      siteOrigin: SITE.origin,
      clientDir: client,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${images.length} share images built in ${seconds} s`);
  },
} satisfies Config;
