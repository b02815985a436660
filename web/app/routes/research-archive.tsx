import reportPages from 'virtual:kryon/research-report-pages';
import { ARCHIVE_ITEM_PARAM } from '@kryon/shared/constants';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { researchArchivePageCopy } from '../content/research-archive-page.ts';
import { RESEARCH } from '../content/research-items.ts';
import { IntelligenceSection } from '../features/articles/intelligence-sections.tsx';
import { researchArchiveData } from '../features/research/archive-data.ts';
import { MetricsPanel } from '../features/research/metrics-panel.tsx';
import { ResearchLibrary } from '../features/research/research-library.tsx';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import type { Route } from './+types/research-archive';
import '../features/articles/articles.css';
import '../features/articles/intelligence.css';
import '../features/research/research.css';

// Build time only: the page ships the research items as its data, newest first, and each
// download preview with the page count of the PDF the visitor will receive, which the build
// rendered before prerendering (scripts/reports/research-plugin.ts).
export function loader() {
  return researchArchiveData(RESEARCH, reportPages);
}

export const meta = () => seo({ ...researchArchivePageCopy.meta, path: PATHS.researchArchive });

export default function ResearchArchivePage({ loaderData }: Route.ComponentProps) {
  const { hero, subscribe, intelligenceLink, methodology, closingBanner } = researchArchivePageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />
      <MetricsPanel items={loaderData.items} />
      <Island
        name="research-library"
        component={ResearchLibrary}
        props={{ items: loaderData.items, previews: loaderData.previews }}
        hydrate="touch"
        hydrateIfQuery={ARCHIVE_ITEM_PARAM}
      />
      <section className="section section--tight" aria-labelledby="subscribe-heading">
        <div className="container">
          <div className="cta-banner">
            <div>
              <h2 id="subscribe-heading">{subscribe.heading}</h2>
              <p>{subscribe.text}</p>
            </div>
            <ButtonLink to={subscribe.href} size="lg">
              {subscribe.label}
            </ButtonLink>
          </div>
          <div className="cta-banner cta-banner--quiet">
            <div>
              <h2>{intelligenceLink.heading}</h2>
              <p>{intelligenceLink.text}</p>
            </div>
            <ButtonLink to={intelligenceLink.href} variant="secondary" size="lg">
              {intelligenceLink.label}
            </ButtonLink>
          </div>
        </div>
      </section>
      <IntelligenceSection
        id="methodology"
        heading={methodology.heading}
        intro={methodology.intro}
        tone="raised"
      >
        <ul className="intel-grid intel-grid--four">
          {methodology.points.map((point) => (
            <li key={point.title}>
              <article className="card methodology-point">
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </article>
            </li>
          ))}
        </ul>
      </IntelligenceSection>
      <section className="section closing-banner" aria-labelledby="closing-heading">
        <div className="container closing-banner__inner">
          <h2 id="closing-heading">{closingBanner.heading}</h2>
          <p className="lead">{closingBanner.text}</p>
          <div className="closing-banner__actions">
            <ButtonLink to={closingBanner.primary.href} size="lg">
              {closingBanner.primary.label}
            </ButtonLink>
            <ButtonLink to={closingBanner.secondary.href} variant="secondary" size="lg">
              {closingBanner.secondary.label}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
