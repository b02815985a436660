import type { SVGProps } from 'react';
import { GLYPHS, type GlyphName } from './icon-glyphs.ts';

/** Line widths of the icon set: glyphs are drawn for 2 px, pictograms for 1.8 px. */
const STROKE = { regular: 2, light: 1.8 } as const;

export type IconWeight = keyof typeof STROKE;

type SvgProps = Omit<SVGProps<SVGSVGElement>, 'name'>;

export interface IconStyleProps extends SvgProps {
  /** Width and height in px. */
  size?: number;
  /** Line weight; each family has its own by default, a caller may take the other. */
  weight?: IconWeight;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
}

/** Draws one icon of the set; Icon and Pictogram pick the drawing and the defaults. */
export function IconSvg({
  paths,
  size,
  weight,
  label,
  ...rest
}: SvgProps & { paths: readonly string[]; size: number; weight: IconWeight; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={STROKE[weight]}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** An interface glyph (icon-glyphs.ts): 20 px and a 2 px line unless told otherwise. */
export function Icon({
  name,
  size = 20,
  weight = 'regular',
  ...rest
}: IconStyleProps & { name: GlyphName }) {
  return <IconSvg paths={GLYPHS[name]} size={size} weight={weight} {...rest} />;
}
