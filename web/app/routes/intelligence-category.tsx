import { data } from 'react-router';
import { PageHero } from '../components/ui/page-hero.tsx';
import { articlesIn, findCategory, summarise } from '../content/library.ts';
import { ArticleCard } from '../features/articles/article-card.tsx';
import { seo } from '../lib/seo.ts';
import type { Route } from './+types/intelligence-category';
import '../features/articles/articles.css';

// Runs at build time only (prerendering); the page ships just its own category's cards.
export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  return { category, articles: articlesIn(category.displayName).map(summarise) };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? seo({
        title: `${loaderData.category.displayName} - Security Intelligence`,
        description: `${loaderData.category.articleCount} Kryon research articles on ${loaderData.category.displayName.toLowerCase()} in AWS: how the risks work, how to find them and how to fix them.`,
        path: loaderData.category.path,
      })
    : [];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, articles } = loaderData;
  return (
    <>
      <PageHero eyebrow="Security Intelligence" title={category.displayName} />
      <section className="section">
        <div className="container">
          <ul className="article-list">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
