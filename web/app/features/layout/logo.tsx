import { useId } from 'react';
import { SITE } from '../../site-config.ts';

/**
 * The Kryon mark alone. The build draws it into each share image too
 * (scripts/share-images/), so it carries its own SVG namespace to stand as a file. An id is
 * unique per page and the mark is drawn more than once (header, footer), so a page passes
 * each copy a gradient id of its own; a share image, alone, keeps the default.
 */
export function LogoMark({
  size = 32,
  gradientId = 'kryon-logo',
}: {
  size?: number;
  gradientId?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#38bdf8" />
          <stop offset="1" stopColor="#a78bfa" />
        </linearGradient>
      </defs>
      <path
        d="M16 2l12 5v9c0 7-5.2 12.6-12 14-6.8-1.4-12-7-12-14V7z"
        fill={`url(#${gradientId})`}
      />
      <path
        d="M12 10v12M12 16l7-6M12 16l7 6"
        stroke="#04121f"
        strokeWidth="2.6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** The Kryon mark and word mark; the link around it carries the accessible name. */
export function Logo({ size = 32 }: { size?: number }) {
  // Each copy names its own gradient. It also keeps each copy painting when another one is
  // hidden, since a gradient inside a display:none SVG paints nothing for the SVGs that
  // point at it.
  const gradientId = useId();
  return (
    <span className="logo">
      <LogoMark size={size} gradientId={gradientId} />
      <span className="logo__word" aria-hidden="true">
        {SITE.name}
      </span>
    </span>
  );
}
