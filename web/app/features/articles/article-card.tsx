import { Link } from 'react-router';
import type { ArticleSummary } from '../../content/library.ts';
import type { Article } from '../../content/library-types.ts';

export function SeverityBadge({ severity }: { severity: Article['severity'] }) {
  return <span className={`severity severity--${severity.toLowerCase()}`}>{severity}</span>;
}

export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article className="card article-card">
      <ul className="article-meta">
        <li>
          <SeverityBadge severity={article.severity} />
        </li>
        <li>{article.category}</li>
        <li>{article.readTime}</li>
      </ul>
      <h3>
        <Link to={article.url}>{article.title}</Link>
      </h3>
      <p>{article.description}</p>
    </article>
  );
}
