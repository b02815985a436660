import { ButtonLink } from '../../components/ui/button.tsx';
import { notFoundCopy } from '../../content/not-found.ts';
import './not-found.css';

/**
 * What any unknown path under /security-intelligence shows: a not-found page of the
 * intelligence hub, with a link back to it rather than to the home page.
 */
export function IntelligenceNotFound() {
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
