import { PageHero } from '../components/ui/page-hero.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () =>
  seo({ title: 'IntelligencePage', description: 'IntelligencePage', path: PATHS.intelligence });

export default function IntelligencePage() {
  return <PageHero title="IntelligencePage" />;
}
