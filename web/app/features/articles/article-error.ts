import { type ArticleErrorScreenKind, articlePageCopy } from '../../content/article-page.ts';
import type { ArticleRouteError, ArticleRouteErrorType } from '../../lib/article-route.ts';
import { categoryBySlug } from './category-lookup.ts';

/** Everything an article error screen shows. */
export interface ArticleErrorScreen {
  kind: ArticleErrorScreenKind;
  title: string;
  text: string;
  /** Known category of the URL: the "View {category} Articles" link and its breadcrumb. */
  category?: { name: string; path: string };
  /** The category segment as written, when it is not a known category. */
  categoryText?: string;
  slug?: string;
}

const screens = articlePageCopy.errors.screens;

/** The screen each failure of the article route's validation (lib/article-route.ts) shows. */
const SCREEN_OF: Record<ArticleRouteErrorType, ArticleErrorScreenKind> = {
  ARTICLE_NOT_FOUND: 'not-found',
  COMPONENT_NOT_FOUND: 'unavailable',
  INVALID_CATEGORY: 'invalid-category',
  MISSING_PARAMS: 'invalid-url',
};

export function describeArticleError(error: ArticleRouteError): ArticleErrorScreen {
  const known = error.category ? categoryBySlug(error.category) : undefined;
  const where = {
    ...(known ? { category: { name: known.displayName, path: known.path } } : {}),
    ...(!known && error.category ? { categoryText: error.category } : {}),
    ...(error.slug ? { slug: error.slug } : {}),
  };
  const kind = SCREEN_OF[error.type];
  switch (kind) {
    case 'not-found':
      return {
        kind,
        title: screens[kind].title,
        text: screens[kind].text(error.slug ?? '', known?.displayName ?? error.category ?? ''),
        ...where,
      };
    case 'invalid-category':
      return {
        kind,
        title: screens[kind].title,
        text: screens[kind].text(error.category ?? ''),
        ...where,
      };
    case 'unavailable':
    case 'invalid-url':
      return { kind, ...screens[kind], ...where };
  }
}
