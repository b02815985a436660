import { PageHero } from '../components/ui/page-hero.tsx';
import { requestAccessIntro } from '../content/lead-pages.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...requestAccessIntro.meta, path: PATHS.requestAccess });

export default function RequestAccessPage() {
  const { hero } = requestAccessIntro;
  return <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />;
}
