import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { companyPageCopy } from '../content/company-page.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => seo({ ...companyPageCopy.meta, path: PATHS.company });

export default function CompanyPage() {
  const { hero } = companyPageCopy;
  return (
    <PageHero title={hero.title} text={hero.text}>
      <ButtonLink to={hero.cta.to} size="lg">
        {hero.cta.label}
      </ButtonLink>
    </PageHero>
  );
}
