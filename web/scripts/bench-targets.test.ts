// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from '../app/content/library.ts';
import { NOT_FOUND_PATH, PATHS } from '../app/paths.ts';
import { prerenderPaths } from '../app/prerender-paths.ts';
import { sitemapEntries } from '../app/sitemap.ts';
import { pageKind, UNKNOWN_ARTICLE_PATH } from './bench-targets.ts';

describe('bench targets', () => {
  it('gives every sitemap and prerendered page exactly one kind', async () => {
    // The static routes are PATHS (routes.ts matches it), as the build's getStaticPaths lists.
    const prerendered = await prerenderPaths({ getStaticPaths: () => Object.values(PATHS) });
    const paths = new Set([...sitemapEntries().map((entry) => entry.path), ...prerendered]);
    expect(paths.has(NOT_FOUND_PATH)).toBe(true);
    for (const path of paths) expect(() => pageKind(path), path).not.toThrow();
  });

  it('reads articles, categories and the plain pages as reading pages', () => {
    for (const article of ARTICLES) expect(pageKind(article.url)).toBe('reading');
    for (const category of CATEGORIES) expect(pageKind(category.path)).toBe('reading');
    for (const path of [PATHS.company, PATHS.privacy]) expect(pageKind(path)).toBe('reading');
  });

  it('gives the 404 page a kind of its own, also at an unknown article address', () => {
    expect(pageKind(NOT_FOUND_PATH)).toBe('not-found');
    expect(pageKind(UNKNOWN_ARTICLE_PATH)).toBe('not-found');
  });

  it('sorts the interactive pages by what they hydrate', () => {
    expect(pageKind(PATHS.home)).toBe('landing');
    expect(pageKind(PATHS.features)).toBe('landing');
    expect(pageKind(PATHS.intelligence)).toBe('filter');
    expect(pageKind(PATHS.researchArchive)).toBe('filter');
    for (const path of [PATHS.contact, PATHS.becomePartner, PATHS.requestAccess, PATHS.demo]) {
      expect(pageKind(path)).toBe('form');
    }
  });

  it('ignores a trailing slash and refuses a path it does not know', () => {
    expect(pageKind('/features/')).toBe('landing');
    expect(() => pageKind('/pricing')).toThrow(/no page kind/);
    expect(() => pageKind('/security-intelligence/a/b/c')).toThrow(/no page kind/);
  });
});
