import { privacyPageCopy } from '../content/privacy-page.ts';
import { PrivacyContents, PrivacySectionView } from '../features/privacy/privacy-sections.tsx';
import { formatLongDate } from '../lib/dates.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import '../features/privacy/privacy.css';

export const meta = () => seo({ ...privacyPageCopy.meta, path: PATHS.privacy });

export default function PrivacyPage() {
  const { hero, lastUpdated, contentsLabel, sections } = privacyPageCopy;
  return (
    <>
      <section className="page-hero" aria-labelledby="privacy-title">
        <div className="container">
          <span className="eyebrow">{hero.eyebrow}</span>
          <h1 id="privacy-title">{hero.title}</h1>
          <p className="lead">{hero.text}</p>
          <p className="privacy-updated">
            {lastUpdated.label}:{' '}
            <time dateTime={lastUpdated.date}>{formatLongDate(lastUpdated.date)}</time>
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container privacy-layout">
          <PrivacyContents label={contentsLabel} sections={sections} />
          <div className="privacy-body">
            {sections.map((section) => (
              <PrivacySectionView key={section.id} section={section} />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
