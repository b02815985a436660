import type { SectionIntro as SectionIntroCopy } from '../../content/marketing-types.ts';

/** The eyebrow, heading and intro that open a marketing section. */
export function SectionIntro({
  intro,
  headingId,
  align = 'center',
}: {
  intro: Pick<SectionIntroCopy, 'heading' | 'intro'> & { eyebrow?: string };
  headingId: string;
  align?: 'center' | 'start';
}) {
  return (
    <header className={`section-intro section-intro--${align}`}>
      {intro.eyebrow ? <p className="eyebrow">{intro.eyebrow}</p> : null}
      <h2 id={headingId}>{intro.heading}</h2>
      <p className="lead">{intro.intro}</p>
    </header>
  );
}
