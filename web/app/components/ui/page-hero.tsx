import type { ReactNode } from 'react';

/** The top section of every page: its one h1, an optional eyebrow, lead text and actions. */
export function PageHero({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
        <h1>{title}</h1>
        {text ? <p className="lead">{text}</p> : null}
        {children ? <div className="page-hero__actions">{children}</div> : null}
      </div>
    </section>
  );
}
