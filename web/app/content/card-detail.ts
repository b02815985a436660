/**
 * Labels of the card detail dialogs and of the marketing card grids. The cards' own copy lives in
 * modules.ts, problem-themes.ts, capabilities.ts and feature-cards.ts.
 */
import type { LinkCta } from './marketing-types.ts';

export const cardDetailCopy = {
  /** The dialog's close button (its accessible name). */
  closeLabel: 'Close',
  /** The visible hint on every card that it opens the details. */
  openHint: 'View details',
  betaLabel: 'Beta',
  /** Sections of a module, capability or feature card, in the dialog's order. */
  card: {
    overview: 'Overview',
    keyMetrics: 'Key performance',
    keyCapabilities: 'Capabilities',
    businessBenefits: 'Benefits',
    technicalSpecs: 'Technical specs',
    useCases: 'Use cases',
    integrations: 'Integrations',
    story: 'Example scenario',
    scenario: 'Scenario',
    challenge: 'Challenge',
    outcome: 'Outcome',
  },
  /** Sections of a problem theme. */
  theme: {
    overview: 'Overview',
    keyStats: 'Key performance',
    problems: 'The problem',
    consequences: 'Consequences',
    solution: 'How Kryon solves it',
    features: 'Capabilities',
    benefits: 'Benefits',
    story: 'Example scenario',
    scenario: 'Scenario',
    impact: 'Impact',
    resolution: 'Solution',
  },
  /** The way forward from any open card. */
  cta: { label: 'Request Private Access', to: '/request-access' } satisfies LinkCta,
} as const;

/** Small labels of the marketing pages that their page copy does not carry. */
export const marketingLabels = {
  /** The home hero's mark; the header logo already names the site. */
  heroLogoLabel: 'Kryon',
  comparisonLegend: 'Columns compared',
  founderFocus: 'Focus areas',
  quoteLabel: 'From the founder',
} as const;
