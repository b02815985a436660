import { demoDefinition } from '@kryon/shared/forms/demo';
import { PageHero } from '../components/ui/page-hero.tsx';
import { demoIntro } from '../content/lead-pages.ts';
import { DemoRequestJourney } from '../features/lead-forms/demo-request.tsx';
import { Island } from '../islands/island.tsx';
import { draftKey } from '../lib/lead-form/draft-storage.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import '../components/forms/lead-form.css';
import '../features/lead-forms/lead-pages.css';

export const meta = () => seo({ ...demoIntro.meta, path: PATHS.demo });

export default function DemoPage() {
  const { hero } = demoIntro;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />
      <Island
        name="demo-request"
        component={DemoRequestJourney}
        props={{}}
        hydrate="touch"
        hydrateIfStored={draftKey(demoDefinition.form)}
      />
    </>
  );
}
