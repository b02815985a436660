import type { ReactNode } from 'react';

/**
 * An in-page link to a section. The site script (app/browser/section-links.ts) makes it
 * scroll smoothly and move focus there, so keyboard users continue from the section they
 * asked for; without scripts it is a plain anchor.
 */
export function SectionLink({
  targetId,
  className,
  children,
}: {
  targetId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={`#${targetId}`} className={className} data-section-link="">
      {children}
    </a>
  );
}
