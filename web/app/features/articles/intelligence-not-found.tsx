import { ButtonLink } from '../../components/ui/button.tsx';
import { notFoundCopy } from '../../content/not-found.ts';
import '../not-found/not-found.css';

/** The catch-all under /security-intelligence: "Page Not Found" and a way back to the library. */
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
