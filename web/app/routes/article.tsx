import { data } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';
import { PublishedDate } from '../components/ui/published-date.tsx';
import { articlePageCopy } from '../content/article-page.ts';
import { findArticle, findArticleById, findCategory, summarise } from '../content/library.ts';
import { SITE_PAGES } from '../content/site-pages.ts';
import { ArticleBody, ArticleToc } from '../features/articles/article-body.tsx';
import { ArticleBreadcrumbs } from '../features/articles/breadcrumbs.tsx';
import { renderArticle } from '../features/articles/render-article.server.ts';
import { SeverityBadge } from '../features/articles/severity-badge.tsx';
import { validateArticleRoute } from '../lib/article-route.ts';
import { absoluteUrl, seo } from '../lib/seo.ts';
import { articleShareImage } from '../lib/share-image.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';
import type { Route } from './+types/article';
import '../features/articles/articles.css';

const copy = articlePageCopy;

/**
 * Runs at build time only (prerendering), so each page ships only its own article, already
 * rendered to HTML: `body` is the HTML here, not the Markdown. The article route's validation
 * (lib/article-route.ts) decides; a failure is thrown as a 404, which fails the build: every
 * prerendered article must have its page.
 */

export async function loader({ params }: Route.LoaderArgs) {
  const result = validateArticleRoute(params, {
    category: findCategory,
    article: findArticle,
    hasContent: (article) => article.body.length > 0,
  });
  if (!result.ok) throw data(result.error, { status: 404 });
  const { article } = result;
  const link = (id: string | null) => {
    const other = findArticleById(id);
    return other ? { title: other.title, url: other.url } : null;
  };
  const rendered = await renderArticle(article.body, {
    path: `app/content/articles/${article.id}.md`,
    isSitePage: (path) => SITE_PAGES.has(path),
    newTabHint: copy.newTabHint,
  });
  return {
    article: { ...summarise(article), body: rendered.html },
    toc: rendered.toc,
    category: { name: article.category, path: findCategory(article.categorySlug)?.path ?? '' },
    prev: link(article.prevArticle),
    next: link(article.nextArticle),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const { article } = loaderData;
  return seo({
    title: article.title,
    description: article.description,
    path: article.url,
    type: 'article',
    libraryFeed: true,
    image: articleShareImage(article),
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.description,
      datePublished: article.publishedDate,
      articleSection: article.category,
      keywords: article.tags.join(', '),
      mainEntityOfPage: absoluteUrl(article.url),
      image: absoluteUrl(articleShareImage(article).path),
      author: { '@type': 'Organization', name: SITE.name },
      publisher: { '@type': 'Organization', name: SITE.name },
    },
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, toc, category, prev, next } = loaderData;
  return (
    <article className="section article-page" aria-labelledby="article-title">
      <div className="container article-layout">
        <ArticleBreadcrumbs category={category} article={article.title} />
        <header className="article-header">
          <div className="article-card__badges">
            <SeverityBadge severity={article.severity} />
            <a className="article-header__category" href={category.path}>
              {category.name}
            </a>
          </div>
          <h1 id="article-title">{article.title}</h1>
          <p className="lead">{article.description}</p>
          <ul className="article-meta">
            <li>
              <PublishedDate date={article.publishedDate} label={copy.published} />
            </li>
            <li>{article.readTime}</li>
          </ul>
        </header>
        <aside className="article-glance" aria-labelledby="article-glance-heading">
          <h2 id="article-glance-heading">{copy.glance.heading}</h2>
          <dl>
            <div>
              <dt>{copy.glance.mitre}</dt>
              <dd>{article.mitreAttack}</dd>
            </div>
            <div>
              <dt>{copy.glance.audience}</dt>
              <dd>{article.audience}</dd>
            </div>
            <div>
              <dt>{copy.glance.solution}</dt>
              <dd>
                <ul className="module-list">
                  {article.kryonSolution.map((module) => (
                    <li key={module}>{module}</li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt>{copy.glance.tags}</dt>
              <dd>
                <ul className="tag-list">
                  {article.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </aside>
        <ArticleToc entries={toc} heading={copy.toc} />
        <ArticleBody html={article.body} />
        <nav className="article-nav" aria-label={copy.adjacent.label}>
          {prev ? (
            <a href={prev.url} className="card article-nav__link" rel="prev">
              <span className="article-nav__label">{copy.adjacent.previous}</span>{' '}
              <span className="article-nav__title">{prev.title}</span>
            </a>
          ) : (
            <span />
          )}
          {next ? (
            <a href={next.url} className="card article-nav__link article-nav__next" rel="next">
              <span className="article-nav__label">{copy.adjacent.next}</span>{' '}
              <span className="article-nav__title">{next.title}</span>
            </a>
          ) : null}
        </nav>
        <p className="article-back">
          <ButtonLink to={PATHS.intelligence} variant="secondary">
            {copy.backToLibrary}
          </ButtonLink>
        </p>
      </div>
    </article>
  );
}
