import { betaAccessDefinition } from '@kryon/shared/forms/beta-access';
import { PageHero } from '../components/ui/page-hero.tsx';
import { Pictogram } from '../components/ui/pictogram.tsx';
import { requestAccessIntro } from '../content/lead-pages.ts';
import { requestAccessPageCopy } from '../content/request-access-page.ts';
import { BetaForm } from '../features/lead-forms/beta-form.tsx';
import { IconCardGrid, LeadIntro, StepList } from '../features/lead-forms/lead-page-parts.tsx';
import { Island } from '../islands/island.tsx';
import { draftKey } from '../lib/lead-form/draft-storage.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import '../components/forms/lead-form.css';
import '../features/lead-forms/lead-pages.css';

export const meta = () => seo({ ...requestAccessIntro.meta, path: PATHS.requestAccess });

export default function RequestAccessPage() {
  const { hero } = requestAccessIntro;
  const page = requestAccessPageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text}>
        <ul className="lead-figures" aria-label={page.figuresLabel}>
          {page.figures.map((figure) => (
            <li key={figure.label}>
              <strong className="lead-figures__value">{figure.value}</strong>
              <span className="lead-figures__label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </PageHero>

      <section className="section" aria-labelledby="beta-features-heading">
        <div className="container">
          <LeadIntro
            id="beta-features-heading"
            eyebrow={page.features.eyebrow}
            heading={page.features.heading}
            text={page.features.text}
          />
          <IconCardGrid items={page.features.items} columns="three" />
        </div>
      </section>

      <section className="section lead-section--raised" aria-label={page.form.heading}>
        <div className="container lead-layout">
          <div className="card lead-card">
            <Island
              name="beta-form"
              component={BetaForm}
              props={{}}
              hydrate="touch"
              hydrateIfStored={draftKey(betaAccessDefinition.form)}
            />
          </div>
          <aside className="lead-aside" aria-labelledby="beta-criteria-heading">
            <div className="card lead-card lead-criteria">
              <h2 id="beta-criteria-heading" className="lead-aside__heading">
                <Pictogram name="target" size={22} />
                {page.criteria.heading}
              </h2>
              <p>{page.criteria.intro}</p>
              <ul className="lead-checklist">
                {page.criteria.items.map((item) => (
                  <li key={item}>
                    <Pictogram name="circle-check" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
              <p className="lead-aside__note">{page.criteria.note}</p>
            </div>
            <div className="card lead-card">
              <h2 className="lead-aside__heading">{page.next.heading}</h2>
              <StepList steps={page.next.steps} />
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
