import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { homePageCopy } from '../content/home-page.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';

export const meta = () =>
  seo({
    ...homePageCopy.meta,
    path: PATHS.home,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE.name,
      legalName: SITE.legalName,
      url: SITE.origin,
      logo: `${SITE.origin}/favicon.svg`,
      sameAs: Object.values(SITE.profiles),
    },
  });

export default function HomePage() {
  const { hero } = homePageCopy;
  return (
    <PageHero eyebrow={SITE.name} title={hero.tagline} text={hero.text}>
      <ButtonLink to={hero.cta.to} size="lg">
        {hero.cta.label}
      </ButtonLink>
      <p className="page-hero__note">{hero.subtext}</p>
    </PageHero>
  );
}
