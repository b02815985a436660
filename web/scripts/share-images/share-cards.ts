import type { Article, ArticleCategoryInfo } from '../../app/content/library-types.ts';
import { shareImageCopy } from '../../app/content/share-image-copy.ts';
import { categoryPageCopyFor } from '../../app/features/articles/category-page.ts';
import { articleShareImage, categoryShareImage } from '../../app/lib/share-image.ts';
import type { ShareCard } from './render-share-image.tsx';

/** One image to build: where the page's meta says it is, and what it shows. */
export interface ShareImageJob {
  path: string;
  card: ShareCard;
}

export function articleShareJob(article: Article): ShareImageJob {
  return {
    path: articleShareImage(article).path,
    card: {
      severity: { level: article.severity, label: shareImageCopy.severity(article.severity) },
      label: article.category,
      title: article.title,
      detail: article.readTime,
    },
  };
}

export function categoryShareJob(category: ArticleCategoryInfo): ShareImageJob {
  // The category page's own headline is its tagline. A category without a dedicated page
  // is already reported while its page is prerendered, so it is not reported twice here.
  const page = categoryPageCopyFor(category, () => {});
  return {
    path: categoryShareImage(category).path,
    card: {
      label: shareImageCopy.categoryLabel,
      title: category.displayName,
      subtitle: page.generic ? undefined : page.title,
      detail: shareImageCopy.articleCount(category.articleCount),
    },
  };
}
