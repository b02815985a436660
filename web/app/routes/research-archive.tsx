import { PageHero } from '../components/ui/page-hero.tsx';
import { researchArchivePageCopy } from '../content/research-archive-page.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...researchArchivePageCopy.meta, path: PATHS.researchArchive });

export default function ResearchArchivePage() {
  const { hero } = researchArchivePageCopy;
  return <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />;
}
