import { ButtonLink } from '../components/ui/button.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { companyPageCopy } from '../content/company-page.ts';
import { FounderProfile } from '../features/marketing/founder-profile.tsx';
import { HeroBackdrop } from '../features/marketing/hero-art.tsx';
import { IconItemGrid } from '../features/marketing/icon-item-grid.tsx';
import { SectionIntro } from '../features/marketing/section-intro.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';
import '../features/marketing/marketing.css';

export const meta = () => seo({ ...companyPageCopy.meta, path: PATHS.company });

export default function CompanyPage() {
  const { hero, mission, values, leadership, expertise } = companyPageCopy;
  return (
    <>
      <section className="page-hero marketing-hero" aria-labelledby="company-title">
        <HeroBackdrop />
        <div className="container marketing-hero__copy">
          <h1 id="company-title">{hero.title}</h1>
          <p className="lead">{hero.text}</p>
          <div className="page-hero__actions">
            <ButtonLink to={hero.cta.to} size="lg">
              {hero.cta.label}
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-heading">
        <div className="container mission">
          <div className="mission__copy">
            <h2 id="mission-heading">{mission.heading}</h2>
            <p className="mission__text">{mission.text}</p>
          </div>
          <div className="stat-card">
            <p className="stat-card__value">{expertise.value}</p>
            <p className="stat-card__label">{expertise.label}</p>
            <p className="stat-card__text">{expertise.text}</p>
          </div>
        </div>
      </section>

      <section className="section section--raised" aria-labelledby="values-heading">
        <div className="container">
          <SectionIntro intro={values} headingId="values-heading" />
          <IconItemGrid items={values.items} />
        </div>
      </section>

      <section className="section" aria-labelledby="leadership-heading">
        <div className="container">
          <SectionIntro intro={leadership} headingId="leadership-heading" />
          <FounderProfile
            name={SITE.founder.name}
            founder={leadership.founder}
            headingId="founder-name"
          />
        </div>
      </section>
    </>
  );
}
