import { ButtonLink } from '../components/ui/button.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { capabilities } from '../content/capabilities.ts';
import { marketingLabels } from '../content/card-detail.ts';
import { featureCards } from '../content/feature-cards.ts';
import { homePageCopy } from '../content/home-page.ts';
import { modules } from '../content/modules.ts';
import { problemThemes } from '../content/problem-themes.ts';
import { withDetail } from '../features/marketing/card-detail-content.ts';
import {
  summariseDetailCard,
  summariseModule,
  summariseTheme,
} from '../features/marketing/card-summary.ts';
import { CardGrid } from '../features/marketing/detail-card.tsx';
import { AttackGraphArt, HeroBackdrop, HeroMark } from '../features/marketing/hero-art.tsx';
import { IconItemGrid } from '../features/marketing/icon-item-grid.tsx';
import { SectionIntro } from '../features/marketing/section-intro.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';
import type { Route } from './+types/home';
import '../features/marketing/marketing.css';

// The cards open their dialogs and the questions their answers by themselves.

// Build time only: each card with the detail its dialog shows.
export function loader() {
  return {
    modules: modules.map(summariseModule).map(withDetail),
    themes: problemThemes.map(summariseTheme).map(withDetail),
    capabilities: capabilities
      .map((card) => summariseDetailCard('capability', card))
      .map(withDetail),
    featureCards: featureCards.map((card) => summariseDetailCard('feature', card)).map(withDetail),
  };
}

export const meta = () =>
  seo({
    ...homePageCopy.meta,
    path: PATHS.home,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE.name,
      legalName: SITE.legalName,
      url: SITE.origin,
      logo: `${SITE.origin}/favicon.svg`,
      sameAs: Object.values(SITE.profiles),
    },
  });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const {
    hero,
    advantage,
    pillars,
    productCta,
    invisibleGaps,
    startSolvingCta,
    sections,
    attackMappingQuote,
    closing,
  } = homePageCopy;

  return (
    <>
      <section className="page-hero marketing-hero" aria-labelledby="home-title">
        <HeroBackdrop />
        <div className="container marketing-hero__layout">
          <div className="marketing-hero__copy">
            <HeroMark name={SITE.name} />
            <h1 id="home-title">{hero.tagline}</h1>
            <p className="lead">{hero.text}</p>
            <div className="page-hero__actions">
              <ButtonLink to={hero.cta.to} size="lg">
                {hero.cta.label}
                <Icon name="arrow-right" size={18} />
              </ButtonLink>
              <p className="page-hero__note marketing-hero__note">
                <Icon name="shield" size={16} />
                {hero.subtext}
              </p>
            </div>
          </div>
          <AttackGraphArt />
        </div>
      </section>

      <section className="section" aria-labelledby="advantage-heading">
        <div className="container">
          <header className="section-intro section-intro--center">
            <h2 id="advantage-heading">{advantage.heading}</h2>
            <p className="lead">{advantage.text}</p>
          </header>
          <IconItemGrid items={pillars} variant="pillars" />
          <p className="section-cta">
            <ButtonLink to={productCta.to} variant="secondary" size="lg">
              {productCta.label}
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
          </p>
        </div>
      </section>

      <section className="section section--raised" aria-labelledby="gaps-heading">
        <div className="container gaps">
          <div className="gaps__copy">
            <h2 id="gaps-heading">{invisibleGaps.heading}</h2>
            <p className="lead">{invisibleGaps.text}</p>
            <ButtonLink to={startSolvingCta.to} size="lg">
              {startSolvingCta.label}
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
          </div>
          <ul className="gaps__points">
            {invisibleGaps.points.map((point) => (
              <li key={point}>
                <Icon name="alert" size={20} className="gaps__icon" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="modules-heading">
        <div className="container">
          <SectionIntro intro={sections.modules} headingId="modules-heading" />
          <CardGrid cards={loaderData.modules} layout="modules" />
        </div>
      </section>

      <section className="section section--raised" aria-labelledby="themes-heading">
        <div className="container">
          <SectionIntro intro={sections.themes} headingId="themes-heading" />
          <CardGrid cards={loaderData.themes} layout="three" />
        </div>
      </section>

      <section className="section" aria-labelledby="capabilities-heading">
        <div className="container">
          <SectionIntro intro={sections.capabilities} headingId="capabilities-heading" />
          <CardGrid cards={loaderData.capabilities} layout="four" />
        </div>
      </section>

      <section className="section section--raised" aria-labelledby="feature-cards-heading">
        <div className="container">
          <SectionIntro intro={sections.featureCards} headingId="feature-cards-heading" />
          <CardGrid cards={loaderData.featureCards} layout="three" />
        </div>
      </section>

      <section className="section" aria-label={marketingLabels.quoteLabel}>
        <div className="container">
          <figure className="quote">
            <blockquote>
              <p>{attackMappingQuote.quote}</p>
            </blockquote>
            <figcaption>
              <span className="quote__role">{attackMappingQuote.role}</span>
              <span className="quote__org">{attackMappingQuote.organization}</span>
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="section closing" aria-labelledby="closing-heading">
        <div className="container">
          <div className="closing__panel">
            <h2 id="closing-heading">{closing.heading}</h2>
            <p className="lead">{closing.text}</p>
            <ButtonLink to={closing.cta.to} size="lg">
              {closing.cta.label}
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
          </div>
          {/* Native disclosures: they open by mouse, keyboard and screen reader without a
              script, and their answers are in the HTML for search engines. */}
          <ul className="closing__questions">
            {closing.questions.map((item) => (
              <li key={item.question}>
                <details className="closing__question">
                  <summary>
                    <span>{item.question}</span>
                    <Icon name="chevron-down" size={18} />
                  </summary>
                  <p className="closing__answer">{item.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
