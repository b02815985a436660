import { PageHero } from '../components/ui/page-hero.tsx';
import { becomePartnerIntro } from '../content/lead-pages.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...becomePartnerIntro.meta, path: PATHS.becomePartner });

export default function BecomePartnerPage() {
  const { hero } = becomePartnerIntro;
  return <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />;
}
