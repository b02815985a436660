import { data } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { categoryPageCopy } from '../content/category-pages.ts';
import { articlesIn, CATEGORIES, findCategory, summarise } from '../content/library.ts';
import { notFoundCopy } from '../content/not-found.ts';
import { ArticleCard } from '../features/articles/article-card.tsx';
import { categoryPageCopyFor } from '../features/articles/category-page.ts';
import { seo } from '../lib/seo.ts';
import { categoryShareImage } from '../lib/share-image.ts';
import { PATHS } from '../paths.ts';
import type { Route } from './+types/intelligence-category';
import '../features/articles/articles.css';
import '../features/articles/intelligence.css';

// Runs at build time only (prerendering); the page ships just its own category's cards.

export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  return {
    category,
    page: categoryPageCopyFor(category),
    articles: articlesIn(category.displayName).map(summarise),
    otherCategories: CATEGORIES.filter((c) => c.slug !== category.slug).map(
      ({ slug, displayName, path }) => ({ slug, displayName, path }),
    ),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? seo({
        title: categoryPageCopy.metaTitle(loaderData.category.displayName),
        description: categoryPageCopy.metaDescription(
          loaderData.category.displayName,
          loaderData.category.articleCount,
        ),
        path: loaderData.category.path,
        libraryFeed: true,
        image: categoryShareImage(loaderData.category),
      })
    : [{ title: notFoundCopy.intelligence.meta.title }, { name: 'robots', content: 'noindex' }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, page, articles, otherCategories } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} text={page.text} />
      <section className="section" aria-labelledby="category-articles-heading">
        <div className="container">
          <h2 id="category-articles-heading" className="visually-hidden">
            {categoryPageCopy.listLabel(category.displayName)}
          </h2>
          <ul className="article-list">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
          <nav className="category-nav" aria-labelledby="other-categories-heading">
            <h2 id="other-categories-heading">{categoryPageCopy.otherCategories}</h2>
            <ul>
              {otherCategories.map((other) => (
                <li key={other.slug}>
                  <a href={other.path}>{other.displayName}</a>
                </li>
              ))}
            </ul>
            <ButtonLink to={PATHS.intelligence} variant="secondary">
              {categoryPageCopy.backToLibrary}
            </ButtonLink>
          </nav>
        </div>
      </section>
    </>
  );
}
