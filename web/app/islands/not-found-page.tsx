import { useEffect, useSyncExternalStore } from 'react';
import { articlePageCopy } from '../content/article-page.ts';
import { notFoundCopy } from '../content/not-found.ts';
import {
  describeArticleError,
  type ArticleErrorScreen as Screen,
} from '../features/articles/article-error.ts';
import { ArticleErrorScreen } from '../features/articles/article-error-screen.tsx';
import { categoryBySlug } from '../features/articles/category-lookup.ts';
import { IntelligenceNotFound } from '../features/not-found/intelligence-not-found.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { validateArticleRoute } from '../lib/article-route.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';

/** What an unknown address shows, judged from its path. */
export type NotFoundView =
  | { kind: 'page' }
  | { kind: 'intelligence' }
  | { kind: 'article'; screen: Screen };

/** Longer than any slug or category of the library. */
const SEGMENT_MAX = 120;

function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The host answers every unknown address with the 404 page. Under the security intelligence
 * section the address says more: one segment is an unknown category page (the section's own
 * not-found page), two are an article URL, validated as the article route validates it (an
 * unknown category, an incomplete URL, or an article missing from a known category).
 */
export function notFoundViewFor(pathname: string): NotFoundView {
  const prefix = `${PATHS.intelligence}/`;
  if (!pathname.startsWith(prefix)) return { kind: 'page' };
  // Empty segments (a trailing or doubled slash) are not part of the address, as the hosts
  // read it; a segment is shown as typed, cut to a length a screen can hold.
  const parts = pathname
    .slice(prefix.length)
    .split('/')
    .filter(Boolean)
    .map((part) => segment(part).slice(0, SEGMENT_MAX));
  if (parts.length === 0) return { kind: 'intelligence' };
  if (parts.length !== 2) return { kind: 'intelligence' };
  const [category, slug] = parts;
  const result = validateArticleRoute(
    { category, slug },
    { category: categoryBySlug, article: () => undefined, hasContent: () => false },
  );
  if (result.ok) return { kind: 'intelligence' };
  return { kind: 'article', screen: describeArticleError(result.error) };
}

function titleOf(view: NotFoundView): string {
  if (view.kind === 'article') {
    return `${view.screen.title} - ${articlePageCopy.breadcrumbs.intelligence} | ${SITE.name}`;
  }
  if (view.kind === 'intelligence') return `${notFoundCopy.intelligence.meta.title} | ${SITE.name}`;
  return document.title;
}

const neverChanges = () => () => {};

/**
 * The 404 page's content, an island: built as the site's not-found page, and once in the
 * browser, the screen the address calls for, with its title.
 */
export function NotFoundPage() {
  const pathname = useSyncExternalStore(
    neverChanges,
    () => window.location.pathname,
    () => null,
  );
  const view: NotFoundView = pathname === null ? { kind: 'page' } : notFoundViewFor(pathname);
  useEffect(() => {
    if (pathname !== null) document.title = titleOf(notFoundViewFor(pathname));
  }, [pathname]);
  if (view.kind === 'article') return <ArticleErrorScreen screen={view.screen} />;
  if (view.kind === 'intelligence') return <IntelligenceNotFound />;
  return <NotFoundScreen />;
}
