import { buttonClass } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { attackScenarios } from '../content/attack-scenarios.ts';
import { intelligencePageCopy } from '../content/intelligence-page.ts';
import { ARTICLES, summarise } from '../content/library.ts';
import { researchFindings } from '../content/research-findings.ts';
import { ArticleLibrary } from '../features/articles/article-library.tsx';
import {
  AttackScenarios,
  BreachTimeline,
  ChallengeCards,
  MonthlyFindings,
  ResourceTiles,
  SolutionMapping,
} from '../features/articles/intelligence-sections.tsx';
import { SectionLink } from '../features/articles/section-link.tsx';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import type { Route } from './+types/security-intelligence';
import '../features/articles/articles.css';
import '../features/articles/intelligence.css';

// Build time only: the index ships card data, never article bodies.
export function loader() {
  return {
    articles: ARTICLES.map(summarise),
    attackScenarios,
    researchFindings,
  };
}

export const meta = () =>
  seo({ ...intelligencePageCopy.meta, path: PATHS.intelligence, libraryFeed: true });

export default function IntelligencePage({ loaderData }: Route.ComponentProps) {
  const { hero, featured } = intelligencePageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text}>
        <SectionLink targetId={hero.ctaTargetId} className={buttonClass({ size: 'lg' })}>
          {hero.ctaLabel}
        </SectionLink>
      </PageHero>
      <section
        className="section library-section"
        id={featured.sectionId}
        tabIndex={-1}
        aria-labelledby="featured-heading"
      >
        <div className="container">
          <header className="section-header">
            <h2 id="featured-heading">{featured.heading}</h2>
            <p className="lead">{featured.intro}</p>
          </header>
          <Island
            name="article-library"
            component={ArticleLibrary}
            props={{ articles: loaderData.articles }}
            hydrate="touch"
          />
        </div>
      </section>
      <ChallengeCards />
      <AttackScenarios scenarios={loaderData.attackScenarios} />
      <BreachTimeline />
      <SolutionMapping />
      <MonthlyFindings findings={loaderData.researchFindings} />
      <ResourceTiles />
    </>
  );
}
