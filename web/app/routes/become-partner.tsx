import { partnerDefinition } from '@kryon/shared/forms/partner';
import { PageHero } from '../components/ui/page-hero.tsx';
import { Pictogram } from '../components/ui/pictogram.tsx';
import { becomePartnerPageCopy } from '../content/become-partner-page.ts';
import { becomePartnerIntro } from '../content/lead-pages.ts';
import { IconCardGrid, LeadIntro, StepList } from '../features/lead-forms/lead-page-parts.tsx';
import { PartnerForm } from '../features/lead-forms/partner-form.tsx';
import { Island } from '../islands/island.tsx';
import { draftKey } from '../lib/lead-form/draft-storage.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';
import '../components/forms/lead-form.css';
import '../features/lead-forms/lead-pages.css';

export const meta = () => seo({ ...becomePartnerIntro.meta, path: PATHS.becomePartner });

export default function BecomePartnerPage() {
  const { hero } = becomePartnerIntro;
  const page = becomePartnerPageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />

      <section className="section" aria-labelledby="partner-programs-heading">
        <div className="container">
          <LeadIntro
            id="partner-programs-heading"
            eyebrow={page.programs.eyebrow}
            heading={page.programs.heading}
            text={page.programs.text}
          />
          <IconCardGrid items={page.programs.items} columns="four" />
        </div>
      </section>

      <section className="section lead-section--raised" aria-label={page.form.heading}>
        <div className="container lead-layout">
          <div className="card lead-card">
            <Island
              name="partner-form"
              component={PartnerForm}
              props={{}}
              hydrate="touch"
              hydrateIfStored={draftKey(partnerDefinition.form)}
            />
          </div>
          <aside className="lead-aside" aria-labelledby="partner-benefits-heading">
            <div className="card lead-card">
              <h2 id="partner-benefits-heading" className="lead-aside__heading">
                <Pictogram name="handshake-simple" size={22} />
                {page.benefits.heading}
              </h2>
              <ul className="lead-checklist">
                {page.benefits.items.map((item) => (
                  <li key={item}>
                    <Pictogram name="circle-check" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div className="card lead-card">
              <h2 className="lead-aside__heading">{page.next.heading}</h2>
              <StepList steps={page.next.steps} />
              <p className="lead-aside__note">
                {page.email.text}{' '}
                <a href={`mailto:${SITE.departments.partnerships}`}>
                  {SITE.departments.partnerships}
                </a>
                .
              </p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
