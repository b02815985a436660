import { type ReactNode, useEffect } from 'react';
import { articlePageCopy } from '../../content/article-page.ts';
import { useArticleNavigationPending } from './use-article-navigation.ts';

const BODY_LINES = ['100%', '96%', '88%', '93%', '72%', '100%', '91%', '64%'];

/** The article page's shape, shown while an article is loading. */
export function ArticleSkeleton() {
  // The skeleton replaces a longer page: show it from the top, where the article will start.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
  return (
    <div className="section" role="status" aria-busy="true" data-testid="article-skeleton">
      <span className="visually-hidden">{articlePageCopy.loading}</span>
      <div className="container article-layout skeleton" aria-hidden="true">
        <div className="skeleton__line skeleton__line--crumbs" />
        <div className="skeleton__line skeleton__line--meta" />
        <div className="skeleton__line skeleton__line--title" />
        <div className="skeleton__line skeleton__line--title skeleton__line--short" />
        <div className="skeleton__block" />
        {BODY_LINES.map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative lines.
          <div key={index} className="skeleton__line" style={{ width }} />
        ))}
      </div>
    </div>
  );
}

/** Renders the page, or the article skeleton while an article navigation is pending. */
export function ArticleNavigationBoundary({ children }: { children: ReactNode }) {
  return useArticleNavigationPending() ? <ArticleSkeleton /> : children;
}
