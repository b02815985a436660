import {
  type CategoryPageCopy,
  dedicatedCategoryPages,
  genericCategoryPage,
} from '../../content/category-pages.ts';
import type { ArticleCategoryInfo } from '../../content/library-types.ts';

function dedicatedPage(slug: string): CategoryPageCopy | undefined {
  return Object.hasOwn(dedicatedCategoryPages, slug)
    ? dedicatedCategoryPages[slug as keyof typeof dedicatedCategoryPages]
    : undefined;
}

/**
 * Every article category has a page: its dedicated copy, or the generic category page
 * with a logged warning, so a category added to the data without its page is noticed.
 */
export function categoryPageCopyFor(
  category: Pick<ArticleCategoryInfo, 'slug' | 'displayName' | 'articleCount'>,
  warn: (message: string) => void = console.warn,
): CategoryPageCopy & { generic: boolean } {
  const dedicated = dedicatedPage(category.slug);
  if (dedicated) return { ...dedicated, generic: false };
  warn(`No dedicated page for the category "${category.slug}"; using the generic category page.`);
  return {
    eyebrow: genericCategoryPage.eyebrow,
    title: category.displayName,
    text: genericCategoryPage.text(category.displayName, category.articleCount),
    generic: true,
  };
}
