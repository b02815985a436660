import { ButtonLink } from '../components/ui/button.tsx';
import { notFoundCopy } from '../content/not-found.ts';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import '../features/not-found/not-found.css';

export const meta = () => [
  ...seo({ ...notFoundCopy.intelligence.meta, path: PATHS.intelligence }),
  { name: 'robots', content: 'noindex' },
];

export default function IntelligenceNotFoundPage() {
  const copy = notFoundCopy.intelligence;
  return (
    <section className="not-found section">
      <div className="container not-found__inner">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.text}</p>
        <ButtonLink to={copy.link.to}>{copy.link.label}</ButtonLink>
      </div>
    </section>
  );
}
