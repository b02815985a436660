import type { PictogramName } from '../../components/ui/icon-pictograms.ts';
import type { ToneScheme } from '../../components/ui/tone.ts';
import type {
  CapabilityCard,
  FeatureCard,
  Module,
  OverlaySubject,
  ProblemTheme,
} from '../../content/marketing-types.ts';

export type CardKind = OverlaySubject['kind'];

/**
 * What a card shows before it is opened: everything but `expandedContent`, the long copy its
 * dialog shows (card-detail-content.ts).
 */
export interface CardSummary extends ToneScheme {
  readonly kind: CardKind;
  readonly id: string;
  /** The card's heading, the name of its button and its dialog's title. */
  readonly title: string;
  /** A kicker above the heading: a module's area, e.g. "Posture & Compliance". */
  readonly eyebrow?: string;
  readonly subtitle: string;
  readonly description: string;
  readonly badge?: string;
  readonly isBeta: boolean;
  readonly bullets: readonly string[];
  readonly icon: PictogramName;
}

function scheme({ colour, gradientFrom, gradientTo }: ToneScheme): ToneScheme {
  return { colour, gradientFrom, gradientTo };
}

export function summariseModule(module: Module): CardSummary {
  return {
    kind: 'module',
    id: module.id,
    title: module.name,
    eyebrow: module.title,
    subtitle: module.subtitle,
    description: module.description,
    isBeta: module.isBeta,
    bullets: module.features,
    icon: module.icon,
    ...scheme(module),
  };
}

export function summariseTheme(theme: ProblemTheme): CardSummary {
  return {
    kind: 'theme',
    id: theme.id,
    title: theme.title,
    subtitle: theme.subtitle,
    description: theme.description,
    badge: theme.badge,
    isBeta: false,
    bullets: [],
    icon: theme.icon,
    ...scheme(theme),
  };
}

export function summariseDetailCard(
  kind: 'capability' | 'feature',
  card: CapabilityCard | FeatureCard,
): CardSummary {
  return {
    kind,
    id: card.id,
    title: card.title,
    subtitle: card.subtitle,
    description: card.description,
    ...(card.badge ? { badge: card.badge } : {}),
    isBeta: false,
    bullets: [],
    icon: card.icon,
    ...scheme(card),
  };
}
