/**
 * Types of the marketing content: modules, problem themes, capabilities and feature cards,
 * and the home, card detail overlay, features and company pages.
 *
 * Content is data only: icons and colours are token names that components map to inline
 * SVGs and design tokens, so no markup or class names live in copy.
 */
import type { PictogramName } from '../components/ui/icon-pictograms.ts';
import type { ToneScheme } from '../components/ui/tone.ts';

/** A figure or a spec line: "Key performance" metrics and "Technical specs" rows. */
export interface LabelledValue {
  readonly label: string;
  readonly value: string;
}

/**
 * The story of a module, capability or feature card. An illustrative scenario described by
 * the kind of organization it fits, never a named customer or a customer's measured result.
 */
export interface CardStory {
  readonly scenario: string;
  readonly challenge: string;
  readonly outcome: string;
}

/** The story of a problem theme. */
export interface ThemeStory {
  readonly scenario: string;
  readonly impact: string;
  readonly solution: string;
}

/**
 * What the card detail overlay shows for a module, a capability or a feature card, in the
 * overlay's order: overview, key performance, capabilities, benefits, technical specs, use
 * cases, integrations, story. A product module's `features` and `benefits` are
 * `keyCapabilities` and `businessBenefits` here, so the three card kinds share one overlay
 * and `Module.features` (the card's three bullets) keeps its own meaning.
 */
export interface CardDetail {
  readonly overview: string;
  /** Rendered under "Key performance". */
  readonly keyMetrics: readonly LabelledValue[];
  readonly keyCapabilities: readonly string[];
  readonly businessBenefits: readonly string[];
  readonly technicalSpecs: readonly LabelledValue[];
  readonly useCases: readonly string[];
  readonly integrations: readonly string[];
  readonly realWorldExample: CardStory;
}

/** The overlay variant for problem themes (spec: scenario / impact / solution). */
export interface ThemeDetail {
  readonly overview: string;
  readonly problems: readonly string[];
  readonly consequences: readonly string[];
  /** How Kryon answers the problem, one paragraph. */
  readonly solution: string;
  readonly features: readonly string[];
  readonly benefits: readonly string[];
  readonly realWorldExample: ThemeStory;
  /** Rendered under "Key performance", like `CardDetail.keyMetrics`. */
  readonly keyStats: readonly LabelledValue[];
}

export const MODULE_IDS = ['core', 'graph', 'vuln', 'iam', 'defend'] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

/** The module that is still in beta; the type lets no other module set `isBeta`. */
export type BetaModuleId = 'defend';

interface ModuleBase extends ToneScheme {
  /** Product name, e.g. "Kryon Core". */
  readonly name: `Kryon ${string}`;
  readonly title: string;
  readonly subtitle: string;
  readonly description: string;
  /** The card's three bullets. */
  readonly features: readonly [string, string, string];
  readonly icon: PictogramName;
  readonly expandedContent: CardDetail;
}

export type Module = ModuleBase &
  (
    | { readonly id: Exclude<ModuleId, BetaModuleId>; readonly isBeta: false }
    | { readonly id: BetaModuleId; readonly isBeta: true }
  );

export const PROBLEM_THEME_IDS = ['contextless', 'privilege', 'disconnected'] as const;
export type ProblemThemeId = (typeof PROBLEM_THEME_IDS)[number];

export interface ProblemTheme extends ToneScheme {
  readonly id: ProblemThemeId;
  readonly title: string;
  readonly subtitle: string;
  readonly badge: string;
  readonly icon: PictogramName;
  readonly description: string;
  readonly expandedContent: ThemeDetail;
}

export const CAPABILITY_IDS = [
  'real-time-mapping',
  'ai-prioritization',
  'unified-graph',
  'sub-60s-intelligence',
] as const;
export type CapabilityId = (typeof CAPABILITY_IDS)[number];

export const FEATURE_CARD_IDS = ['intelligence', 'noise-reduction', 'deployment'] as const;
export type FeatureCardId = (typeof FEATURE_CARD_IDS)[number];

interface DetailCard<Id extends string> extends ToneScheme {
  readonly id: Id;
  readonly title: string;
  readonly subtitle: string;
  /** A short label shown on the card, e.g. "Under 60 s". */
  readonly badge?: string;
  readonly description: string;
  readonly icon: PictogramName;
  readonly expandedContent: CardDetail;
}

export type CapabilityCard = DetailCard<CapabilityId>;
export type FeatureCard = DetailCard<FeatureCardId>;

/** What the single open overlay shows; `kind` picks the layout. */
export type OverlaySubject =
  | { readonly kind: 'module'; readonly item: Module }
  | { readonly kind: 'theme'; readonly item: ProblemTheme }
  | { readonly kind: 'capability'; readonly item: CapabilityCard }
  | { readonly kind: 'feature'; readonly item: FeatureCard };

// ---------------------------------------------------------------------------------------
// Page copy
// ---------------------------------------------------------------------------------------

/** Routes that marketing copy links to. */
export type SitePath =
  | '/'
  | '/features'
  | '/what-we-are'
  | '/security-intelligence'
  | '/research-archive'
  | '/contact'
  | '/request-access'
  | '/become-partner'
  | '/demo'
  | '/privacy';

/** A call to action that navigates to another route. */
export interface LinkCta {
  readonly label: string;
  readonly to: SitePath;
}

/** A call to action that scrolls to an element of the same page. */
export interface ScrollCta {
  readonly label: string;
  /** The target element's id. */
  readonly targetId: string;
}

/** The page's own title and meta description (at most 160 characters). */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

export interface SectionIntro {
  /** A short kicker above the heading. */
  readonly eyebrow: string;
  readonly heading: string;
  readonly intro: string;
}

/** A titled item with one or two sentences: pillars, values, scale benefits. */
export interface IconItem {
  readonly title: string;
  readonly text: string;
  readonly icon: PictogramName;
}

export interface Quote {
  readonly quote: string;
  /** A role, never an invented person: e.g. "Founder & CEO". */
  readonly role: string;
  readonly organization: string;
}

export interface HomePageCopy {
  readonly meta: PageMeta;
  readonly hero: {
    readonly tagline: string;
    readonly text: string;
    readonly cta: LinkCta;
    readonly subtext: string;
  };
  readonly advantage: { readonly heading: string; readonly text: string };
  readonly pillars: readonly IconItem[];
  /** "See Kryon in Action": the page scrolls to the top 100 ms after navigating. */
  readonly productCta: LinkCta;
  readonly invisibleGaps: {
    readonly heading: string;
    readonly text: string;
    readonly points: readonly string[];
  };
  readonly startSolvingCta: LinkCta;
  readonly sections: {
    readonly modules: SectionIntro;
    readonly themes: SectionIntro;
    readonly capabilities: SectionIntro;
    readonly featureCards: SectionIntro;
  };
  readonly attackMappingQuote: Quote;
  readonly closing: {
    readonly heading: string;
    readonly text: string;
    readonly cta: LinkCta;
    /** The closing section's expandable cards: what a buyer asks before requesting access. */
    readonly questions: readonly ClosingQuestion[];
  };
}

export interface ClosingQuestion {
  readonly question: string;
  readonly answer: string;
}

export const COMPARISON_COLUMN_IDS = ['posture', 'cnapp', 'kryon'] as const;
export type ComparisonColumnId = (typeof COMPARISON_COLUMN_IDS)[number];

export type SupportLevel = 'supported' | 'partial' | 'not-supported';

export interface ComparisonColumn {
  readonly id: ComparisonColumnId;
  readonly label: string;
  /** Expanded name for abbreviations, e.g. CNAPPs. */
  readonly description: string;
}

export interface ComparisonCell {
  readonly rating: SupportLevel;
  readonly note?: string;
}

export interface ComparisonRow {
  readonly capability: string;
  /** One cell per column, keyed by column id so no row can miss one. */
  readonly cells: Readonly<Record<ComparisonColumnId, ComparisonCell>>;
}

export interface FeaturesPageCopy {
  readonly meta: PageMeta;
  readonly hero: { readonly title: string; readonly text: string; readonly cta: ScrollCta };
  /** `id` is the element id "Explore Our Modules" scrolls to. */
  readonly modulesSection: SectionIntro & { readonly id: string };
  readonly comparison: {
    readonly heading: string;
    readonly intro: string;
    /** The table's caption, read by screen readers. */
    readonly caption: string;
    readonly capabilityHeader: string;
    readonly columns: readonly ComparisonColumn[];
    readonly rows: readonly ComparisonRow[];
    /** Text for each rating, so a rating is never conveyed by colour or icon alone. */
    readonly ratingLabels: Readonly<Record<SupportLevel, string>>;
  };
  readonly builtForScale: {
    readonly heading: string;
    readonly intro: string;
    readonly items: readonly IconItem[];
  };
}

/** The founder's profile; the name comes from site configuration, never from copy. */
export interface FounderProfile {
  readonly role: 'Founder & CEO';
  readonly bio: string;
  readonly focusAreas: readonly string[];
}

export interface CompanyPageCopy {
  readonly meta: PageMeta;
  readonly hero: { readonly title: string; readonly text: string; readonly cta: LinkCta };
  readonly mission: { readonly heading: string; readonly text: string };
  readonly values: {
    readonly heading: string;
    readonly intro: string;
    readonly items: readonly IconItem[];
  };
  readonly leadership: {
    readonly heading: string;
    readonly intro: string;
    readonly founder: FounderProfile;
  };
  /** The "AWS security experts with 10+ years of experience" claim. */
  readonly expertise: {
    readonly value: string;
    readonly label: string;
    readonly text: string;
  };
}
