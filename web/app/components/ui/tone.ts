import './tone.css';

/**
 * The tone names of the design system: the colours copy may give a card, a tile or a banner.
 * Each is a design token (`--color-<name>` in styles/tokens.css).
 */
export const TONE_NAMES = [
  'blue',
  'cyan',
  'indigo',
  'violet',
  'rose',
  'amber',
  'emerald',
  'teal',
] as const;
export type ToneName = (typeof TONE_NAMES)[number];

/** A card's colour and the two ends of its gradient, one shape for every card. */
export interface ToneScheme {
  readonly colour: ToneName;
  readonly gradientFrom: ToneName;
  readonly gradientTo: ToneName;
}

/**
 * The class that sets `--tone` to one token (tone.css). A class rather than a style
 * attribute, because a strict Content-Security-Policy drops style attributes from the
 * prerendered HTML.
 */
export function toneClass(tone: ToneName): string {
  return `tone-${tone}`;
}

/** The classes of a whole scheme: `--tone`, `--tone-from` and `--tone-to`. */
export function toneClassName({ colour, gradientFrom, gradientTo }: ToneScheme): string {
  return `${toneClass(colour)} tone-from-${gradientFrom} tone-to-${gradientTo}`;
}
