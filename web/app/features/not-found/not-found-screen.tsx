import { ButtonLink } from '../../components/ui/button.tsx';
import { notFoundCopy } from '../../content/not-found.ts';
import './not-found.css';

export function NotFoundScreen({ variant = 'not-found' }: { variant?: 'not-found' | 'error' }) {
  const copy = variant === 'error' ? notFoundCopy.error : notFoundCopy.notFound;
  return (
    <section className="not-found section">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          {copy.code}
        </p>
        <h1>{copy.title}</h1>
        <p className="lead">{copy.text}</p>
        <ul className="not-found__links">
          {notFoundCopy.links.map((link, index) => (
            <li key={link.to}>
              <ButtonLink to={link.to} variant={index === 0 ? 'primary' : 'secondary'}>
                {link.label}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
