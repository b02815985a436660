import type { SVGProps } from 'react';
import { ICON_PATHS, type IconName, isGlyph } from './icon-paths.ts';

/** Line widths of the two families: glyphs are drawn for 2 px, pictograms for 1.8 px. */
const STROKE = { regular: 2, light: 1.8 } as const;

type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & {
  name: IconName;
  /** Width and height in px; glyphs default to 20, pictograms to 24. */
  size?: number;
  /** Line weight; each family has its own by default, a caller may set the other. */
  weight?: keyof typeof STROKE;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
};

/** An inline SVG from the site's icon set; decorative unless labelled. */
export function Icon({ name, size, weight, label, ...rest }: IconProps) {
  const glyph = isGlyph(name);
  const side = size ?? (glyph ? 20 : 24);
  return (
    <svg
      width={side}
      height={side}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={STROKE[weight ?? (glyph ? 'regular' : 'light')]}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
