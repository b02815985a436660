/**
 * Article route validation, in order: parameters present, category known, article found, its
 * content present. These are the checks an article URL passes before its page is shown, and
 * the typed error each failure produces: at build time it fails the article's prerender; in
 * the browser the 404 page's script picks the screen an unknown article address shows.
 */

export const ARTICLE_ROUTE_ERROR_TYPES = [
  'MISSING_PARAMS',
  'INVALID_CATEGORY',
  'ARTICLE_NOT_FOUND',
  'COMPONENT_NOT_FOUND',
] as const;
export type ArticleRouteErrorType = (typeof ARTICLE_ROUTE_ERROR_TYPES)[number];

export interface ArticleRouteError {
  type: ArticleRouteErrorType;
  /** The product's message text; error screens are chosen by it when the type is missing. */
  message: string;
  /** The category segment of the URL, as written. */
  category?: string;
  /** The category's display name, when the segment is a known category. */
  categoryName?: string;
  categoryPath?: string;
  slug?: string;
}

export const ARTICLE_ROUTE_MESSAGES = {
  missingParams: 'Missing route parameters',
  invalidCategory: (category: string) => `Invalid category: ${category}`,
  articleNotFound: (slug: string, category: string) =>
    `Article not found: ${slug} in category ${category}`,
  componentNotFound: (slug: string) => `Article component not found: ${slug}`,
} as const;

/** What validation needs to know about the library, so the browser can pass a small one. */
export interface ArticleLookup<A> {
  category(slug: string): { displayName: string; path: string } | undefined;
  article(categorySlug: string, slug: string): A | undefined;
  /** The article's page content; an article without one is "content unavailable". */
  hasContent(article: A): boolean;
}

export type ArticleRouteResult<A> =
  | { ok: true; article: A }
  | { ok: false; error: ArticleRouteError };

export function validateArticleRoute<A>(
  params: { category?: string; slug?: string },
  lookup: ArticleLookup<A>,
): ArticleRouteResult<A> {
  const category = params.category?.trim();
  const slug = params.slug?.trim();
  if (!category || !slug) {
    return {
      ok: false,
      error: {
        type: 'MISSING_PARAMS',
        message: ARTICLE_ROUTE_MESSAGES.missingParams,
        ...(category ? { category } : {}),
        ...(slug ? { slug } : {}),
      },
    };
  }
  const known = lookup.category(category);
  if (!known) {
    return {
      ok: false,
      error: {
        type: 'INVALID_CATEGORY',
        message: ARTICLE_ROUTE_MESSAGES.invalidCategory(category),
        category,
        slug,
      },
    };
  }
  const where = { category, slug, categoryName: known.displayName, categoryPath: known.path };
  const article = lookup.article(category, slug);
  if (article === undefined) {
    return {
      ok: false,
      error: {
        type: 'ARTICLE_NOT_FOUND',
        message: ARTICLE_ROUTE_MESSAGES.articleNotFound(slug, category),
        ...where,
      },
    };
  }
  if (!lookup.hasContent(article)) {
    return {
      ok: false,
      error: {
        type: 'COMPONENT_NOT_FOUND',
        message: ARTICLE_ROUTE_MESSAGES.componentNotFound(slug),
        ...where,
      },
    };
  }
  return { ok: true, article };
}

export function isArticleRouteError(value: unknown): value is ArticleRouteError {
  return (
    typeof value === 'object' &&
    value !== null &&
    ARTICLE_ROUTE_ERROR_TYPES.includes((value as ArticleRouteError).type) &&
    typeof (value as ArticleRouteError).message === 'string'
  );
}
