import { ARTICLE_CATEGORIES, type ArticleCategory } from '../../content/library-types.ts';
import { categoryPath, slugify } from '../../paths.ts';

export interface CategoryLink {
  slug: string;
  displayName: ArticleCategory;
  path: string;
}

/**
 * The seven categories by slug, without the articles: small enough for the browser bundle,
 * where a route needs to name a category the library module (with every article body) is
 * not loaded for.
 */
export const CATEGORY_LINKS: readonly CategoryLink[] = ARTICLE_CATEGORIES.map((name) => ({
  slug: slugify(name),
  displayName: name,
  path: categoryPath(slugify(name)),
}));

export function categoryBySlug(slug: string): CategoryLink | undefined {
  return CATEGORY_LINKS.find((c) => c.slug === slug);
}
