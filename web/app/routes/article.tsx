import { data, Link } from 'react-router';
import { findArticle, findArticleById, findCategory } from '../content/library.ts';
import { ArticleBody } from '../features/articles/article-body.tsx';
import { SeverityBadge } from '../features/articles/article-card.tsx';
import { absoluteUrl, seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';
import type { Route } from './+types/article';
import '../features/articles/articles.css';

// Runs at build time only (prerendering); each page ships only its own article.
export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.category, params.slug);
  const category = findCategory(params.category);
  if (!article || !category) throw data(null, { status: 404 });
  const link = (id: string | null) => {
    const other = findArticleById(id);
    return other ? { title: other.title, url: other.url } : null;
  };
  return { article, category, prev: link(article.prevArticle), next: link(article.nextArticle) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  return seo({
    title: article.title,
    description: article.description,
    path: article.url,
    type: 'article',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.description,
      datePublished: article.publishedDate,
      articleSection: article.category,
      keywords: article.tags.join(', '),
      mainEntityOfPage: absoluteUrl(article.url),
      author: { '@type': 'Organization', name: SITE.name },
      publisher: { '@type': 'Organization', name: SITE.name },
    },
  });
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, category, prev, next } = loaderData;
  return (
    <article className="section">
      <div className="container article-layout">
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            <li>
              <Link to={PATHS.home}>Home</Link>
            </li>
            <li>
              <Link to={PATHS.intelligence}>Security Intelligence</Link>
            </li>
            <li>
              <Link to={category.path}>{category.displayName}</Link>
            </li>
            <li aria-current="page">{article.title}</li>
          </ol>
        </nav>
        <ul className="article-meta">
          <li>
            <SeverityBadge severity={article.severity} />
          </li>
          <li>
            <time dateTime={article.publishedDate}>
              {dateFormat.format(new Date(article.publishedDate))}
            </time>
          </li>
          <li>{article.readTime}</li>
          <li>{article.mitreAttack}</li>
        </ul>
        <h1>{article.title}</h1>
        <p className="lead">{article.description}</p>
        <ArticleBody body={article.body} />
        <nav className="article-nav" aria-label="More articles">
          {prev ? (
            <Link to={prev.url} className="card">
              Previous: {prev.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={next.url} className="card article-nav__next">
              Next: {next.title}
            </Link>
          ) : null}
        </nav>
      </div>
    </article>
  );
}
