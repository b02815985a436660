import { PageHero } from '../components/ui/page-hero.tsx';
import { demoIntro } from '../content/lead-pages.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...demoIntro.meta, path: PATHS.demo });

export default function DemoPage() {
  const { hero } = demoIntro;
  return <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />;
}
