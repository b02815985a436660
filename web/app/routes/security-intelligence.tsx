import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { intelligencePageCopy } from '../content/intelligence-page.ts';
import { ARTICLES, summarise } from '../content/library.ts';
import { ArticleCard } from '../features/articles/article-card.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import type { Route } from './+types/security-intelligence';
import '../features/articles/articles.css';

// Build time only: the index ships card data, never article bodies.
export function loader() {
  return { articles: ARTICLES.map(summarise) };
}

export const meta = () => seo({ ...intelligencePageCopy.meta, path: PATHS.intelligence });

export default function IntelligencePage({ loaderData }: Route.ComponentProps) {
  const { hero, featured, researchArchive } = intelligencePageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text}>
        <a className="btn btn--primary btn--lg" href={`#${hero.ctaTargetId}`}>
          {hero.ctaLabel}
        </a>
      </PageHero>
      <section className="section" id={featured.sectionId} aria-labelledby="featured-heading">
        <div className="container">
          <h2 id="featured-heading">{featured.heading}</h2>
          <ul className="article-list">
            {loaderData.articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
          <p>
            <ButtonLink to={researchArchive.href} variant="outline">
              {researchArchive.label}
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
