import { isRouteErrorResponse } from 'react-router';
import { type ArticleErrorScreenKind, articlePageCopy } from '../../content/article-page.ts';
import { type ArticleRouteError, isArticleRouteError } from '../../lib/article-route.ts';
import { categoryBySlug } from './category-lookup.ts';

/** Everything an article error screen shows. */
export interface ArticleErrorScreen {
  kind: ArticleErrorScreenKind;
  title: string;
  text: string;
  /** The loading error's own message, shown above the suggestion to refresh. */
  detail?: string;
  /** Known category of the URL: the "View {category} Articles" link and its breadcrumb. */
  category?: { name: string; path: string };
  /** The category segment as written, when it is not a known category. */
  categoryText?: string;
  slug?: string;
}

const screens = articlePageCopy.errors.screens;

function messageOf(error: unknown): string {
  if (isArticleRouteError(error)) return error.message;
  if (isRouteErrorResponse(error)) {
    if (isArticleRouteError(error.data)) return error.data.message;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * The error screen is chosen by the error: a typed route error (lib/article-route.ts) by its
 * type, any other error by its message text (article not found, component not found, invalid
 * category, missing route parameters); the rest (a failed chunk or data request) fall through
 * to the loading error with their own message.
 */
function kindOf(
  message: string,
  routeError: ArticleRouteError | undefined,
): ArticleErrorScreenKind {
  switch (routeError?.type) {
    case 'ARTICLE_NOT_FOUND':
      return 'not-found';
    case 'COMPONENT_NOT_FOUND':
      return 'unavailable';
    case 'INVALID_CATEGORY':
      return 'invalid-category';
    case 'MISSING_PARAMS':
      return 'invalid-url';
  }
  if (/component not found/i.test(message)) return 'unavailable';
  if (/article not found/i.test(message)) return 'not-found';
  if (/invalid category/i.test(message)) return 'invalid-category';
  if (/missing route parameters/i.test(message)) return 'invalid-url';
  return 'loading';
}

export function describeArticleError(
  error: unknown,
  params: { category?: string; slug?: string },
): ArticleErrorScreen {
  // The typed error itself (a URL judged in the browser), or the router's 404 carrying it.
  const routeError = isArticleRouteError(error)
    ? error
    : isRouteErrorResponse(error) && isArticleRouteError(error.data)
      ? error.data
      : undefined;
  const categorySegment = routeError?.category ?? params.category;
  const known = categorySegment ? categoryBySlug(categorySegment) : undefined;
  const slug = routeError?.slug ?? params.slug;
  const where = {
    ...(known ? { category: { name: known.displayName, path: known.path } } : {}),
    ...(!known && categorySegment ? { categoryText: categorySegment } : {}),
    ...(slug ? { slug } : {}),
  };

  if (error === null || error === undefined) {
    return { kind: 'unknown', ...screens.unknown, ...where };
  }
  const message = messageOf(error);
  const kind = kindOf(message, routeError);
  switch (kind) {
    case 'not-found':
      return {
        kind,
        title: screens['not-found'].title,
        text: screens['not-found'].text(slug ?? '', known?.displayName ?? categorySegment ?? ''),
        ...where,
      };
    case 'unavailable':
      return { kind, ...screens.unavailable, ...where };
    case 'invalid-category':
      return {
        kind,
        title: screens['invalid-category'].title,
        text: screens['invalid-category'].text(categorySegment ?? ''),
        ...where,
      };
    case 'invalid-url':
      return { kind, ...screens['invalid-url'], ...where };
    default:
      return {
        kind: 'loading',
        title: screens.loading.title,
        text: screens.loading.suggestion,
        ...(message ? { detail: message } : {}),
        ...where,
      };
  }
}
