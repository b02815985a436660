import type { ReactNode } from 'react';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * An in-page link that scrolls smoothly to its section and moves focus there, so keyboard
 * users continue from the section they asked for. Without JavaScript it is a plain anchor.
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
    <a
      href={`#${targetId}`}
      className={className}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({
          behavior: prefersReducedMotion() ? 'auto' : 'smooth',
          block: 'start',
        });
        target.focus({ preventScroll: true });
      }}
    >
      {children}
    </a>
  );
}
