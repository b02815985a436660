import type { Article, ArticleCategoryInfo } from '../content/library-types.ts';
import { shareImageCopy } from '../content/share-image-copy.ts';

/** A page's Open Graph image: where it is served and what it shows, for the alt text. */
export interface ShareImage {
  path: string;
  alt: string;
}

/** Every share image is drawn at the size link previews crop to without letterboxing. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The one image of pages that have none of their own (web/public/og-image.png). */
export const SITE_SHARE_IMAGE: ShareImage = {
  path: '/og-image.png',
  alt: shareImageCopy.siteAlt,
};

/**
 * Generated images live under one short folder rather than beside each page: the edge
 * router lists every non-page file of the build in a function capped at 10 KB, and a
 * short prefix keeps each image's entry small.
 */
const FOLDER = '/og';

export function articleShareImage(
  article: Pick<Article, 'id' | 'categorySlug' | 'title' | 'category' | 'severity'>,
): ShareImage {
  return {
    path: `${FOLDER}/${article.categorySlug}/${article.id}.png`,
    alt: shareImageCopy.articleAlt(article.title, article.category, article.severity),
  };
}

export function categoryShareImage(
  category: Pick<ArticleCategoryInfo, 'slug' | 'displayName' | 'articleCount'>,
): ShareImage {
  return {
    path: `${FOLDER}/${category.slug}.png`,
    alt: shareImageCopy.categoryAlt(category.displayName, category.articleCount),
  };
}
