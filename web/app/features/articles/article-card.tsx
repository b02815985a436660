import { NewBadge, PublishedDate } from '../../components/ui/published-date.tsx';
import { articleLibraryCopy } from '../../content/intelligence-page.ts';
import type { ArticleSummary } from '../../content/library.ts';
import { articleCardLabels } from '../../content/library-labels.ts';
import { NEW_WITHIN_DAYS } from '../../lib/dates.ts';
import { SeverityBadge } from './severity-badge.tsx';

/** What a card shows: an article without its body, so index pages stay small. */
export type ArticleCardData = Omit<ArticleSummary, 'prevArticle' | 'nextArticle'>;

export function ArticleCard({
  article,
  headingLevel = 3,
}: {
  article: ArticleCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card article-card">
      <div className="article-card__badges">
        <SeverityBadge severity={article.severity} />
        {article.featured ? (
          <span className="badge badge--featured">{articleCardLabels.featured}</span>
        ) : null}
        <NewBadge
          date={article.publishedDate}
          withinDays={NEW_WITHIN_DAYS.intelligence}
          label={articleLibraryCopy.featured.newBadge}
        />
      </div>
      <Heading className="article-card__title">
        <a href={article.url}>{article.title}</a>
      </Heading>
      <p className="article-card__description">{article.description}</p>
      <ul className="article-meta">
        <li>{article.category}</li>
        <li>
          <PublishedDate date={article.publishedDate} label={articleCardLabels.published} />
        </li>
        <li>{article.readTime}</li>
      </ul>
      <p className="article-card__modules">
        <span className="visually-hidden">{articleCardLabels.modules}: </span>
        {article.kryonSolution.join(' · ')}
      </p>
      <span className="article-card__cta" aria-hidden="true">
        {articleLibraryCopy.featured.readArticleLabel} →
      </span>
    </article>
  );
}
