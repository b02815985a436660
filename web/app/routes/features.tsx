import { buttonClass } from '../components/ui/button.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { featuresPageCopy } from '../content/features-page.ts';
import { modules } from '../content/modules.ts';
import { withDetail } from '../features/marketing/card-detail-content.ts';
import { summariseModule } from '../features/marketing/card-summary.ts';
import { ComparisonTable } from '../features/marketing/comparison-table.tsx';
import { CardGrid } from '../features/marketing/detail-card.tsx';
import { HeroBackdrop } from '../features/marketing/hero-art.tsx';
import { IconItemGrid } from '../features/marketing/icon-item-grid.tsx';
import { SectionIntro } from '../features/marketing/section-intro.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import type { Route } from './+types/features';
import '../features/marketing/marketing.css';

// The cards open their dialogs by themselves, and the hero's link is an in-page anchor.

// Build time only: each module card with the detail its dialog shows.
export function loader() {
  return { modules: modules.map(summariseModule).map(withDetail) };
}

export const meta = () => seo({ ...featuresPageCopy.meta, path: PATHS.features });

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const { hero, modulesSection, comparison, builtForScale } = featuresPageCopy;

  return (
    <>
      <section className="page-hero marketing-hero" aria-labelledby="features-title">
        <HeroBackdrop />
        <div className="container marketing-hero__copy">
          <h1 id="features-title">{hero.title}</h1>
          <p className="lead">{hero.text}</p>
          <div className="page-hero__actions">
            {/* A plain anchor: the page's scroll-padding-top keeps the section clear of the
                sticky header, and the browser moves focus to the section it scrolls to. */}
            <a href={`#${hero.cta.targetId}`} className={buttonClass({ size: 'lg' })}>
              {hero.cta.label}
              <Icon name="arrow-right" size={18} className="icon-down" />
            </a>
          </div>
        </div>
      </section>

      <section
        id={modulesSection.id}
        className="section scroll-target"
        aria-labelledby="modules-heading"
        tabIndex={-1}
      >
        <div className="container">
          <SectionIntro intro={modulesSection} headingId="modules-heading" />
          <CardGrid cards={loaderData.modules} layout="modules" />
        </div>
      </section>

      <section className="section section--raised" aria-labelledby="comparison-heading">
        <div className="container">
          <SectionIntro
            intro={{ heading: comparison.heading, intro: comparison.intro }}
            headingId="comparison-heading"
          />
          <ComparisonTable comparison={comparison} />
        </div>
      </section>

      <section className="section" aria-labelledby="scale-heading">
        <div className="container">
          <SectionIntro
            intro={{ heading: builtForScale.heading, intro: builtForScale.intro }}
            headingId="scale-heading"
          />
          <IconItemGrid items={builtForScale.items} />
        </div>
      </section>
    </>
  );
}
