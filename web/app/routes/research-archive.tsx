import { PageHero } from '../components/ui/page-hero.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () =>
  seo({
    title: 'ResearchArchivePage',
    description: 'ResearchArchivePage',
    path: PATHS.researchArchive,
  });

export default function ResearchArchivePage() {
  return <PageHero title="ResearchArchivePage" />;
}
