import { PageHero } from '../components/ui/page-hero.tsx';
import { featuresPageCopy } from '../content/features-page.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...featuresPageCopy.meta, path: PATHS.features });

export default function FeaturesPage() {
  const { hero } = featuresPageCopy;
  return <PageHero title={hero.title} text={hero.text} />;
}
