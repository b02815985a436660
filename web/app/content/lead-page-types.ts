/**
 * Types of the partner, private beta and demo pages' copy. Icons and colours are names that
 * components map to inline SVGs and design tokens, so no markup lives in copy.
 */
import type { DemoType } from '@kryon/shared/options';
import type { PictogramName } from '../components/ui/icon-pictograms.ts';
import type { ToneName } from '../components/ui/tone.ts';

/** A card in a grid: an icon, a title and a sentence or two. */
export interface IconCard {
  readonly icon: PictogramName;
  readonly title: string;
  readonly text: string;
}

/** A headline figure: "25" over "Beta spots". */
export interface Figure {
  readonly value: string;
  readonly label: string;
}

/** One step of a numbered "what happens next" list. */
export interface Step {
  readonly title: string;
  readonly text: string;
}

/** A demo option, with what the page shows about it. */
export interface DemoOption {
  readonly id: DemoType;
  readonly title: string;
  /** "45 minutes". */
  readonly duration: string;
  readonly audience: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly popular: boolean;
  /** Executive purple, technical blue, hands-on green. */
  readonly colour: ToneName;
  readonly icon: PictogramName;
  /** The card's button before and after the option is chosen. */
  readonly selectLabel: string;
  readonly selectedLabel: string;
}
