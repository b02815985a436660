/**
 * Types of the security-intelligence page and research archive that library-types.ts does not
 * hold: attack scenario, research finding, the page sections and their copy. The research item
 * itself is `ResearchItem` in library-types.ts.
 */
import type { Confirmation } from '@kryon/shared/api';
import type { downloadDefinition } from '@kryon/shared/forms/download';
import type { FormFieldCopy } from './lead-form-copy.ts';
import type { ArticleCategory, ModuleName, Severity } from './library-types.ts';

/** One step of an attack scenario: what the attacker does, naming the AWS API calls. */
export interface AttackStep {
  title: string;
  detail: string;
}

/** An attack scenario walked through on /security-intelligence. */
export interface AttackScenario {
  /** Stable id (lower-case, hyphens), used as a React key and an anchor. */
  id: string;
  title: string;
  /** MITRE ATT&CK technique id, e.g. "T1078.004". */
  technique: string;
  /** MITRE ATT&CK technique name, e.g. "Valid Accounts: Cloud Accounts". */
  techniqueName: string;
  description: string;
  steps: AttackStep[];
  impact: string;
  /** The Kryon modules that detect or break the path. */
  detectedBy: ModuleName[];
  /** 0 to 10, one decimal. */
  riskScore: number;
}

/** A monthly research finding on /security-intelligence (one month's headline results). */
export interface ResearchFinding {
  /** Month and year, e.g. "October 2026". */
  month: string;
  title: string;
  findings: string[];
  impact: Severity;
  category: ArticleCategory;
}

/** The four category pages the challenge cards link to: /security-intelligence/{slug}. */
export type ChallengeCategorySlug =
  | 'identity-risks'
  | 'attack-paths'
  | 'data-protection'
  | 'compliance';

export interface ChallengeCard {
  title: string;
  text: string;
  categorySlug: ChallengeCategorySlug;
  linkLabel: string;
}

/** One solution-mapping block: a challenge and the Kryon module that answers it. */
export interface SolutionMapping {
  challenge: string;
  module: ModuleName;
  how: string;
  outcome: string;
}

/** Resource tiles: playbooks, integrations and API docs; every button navigates to '/'. */
export interface ResourceTile {
  id: 'playbooks' | 'integrations' | 'api-docs';
  title: string;
  text: string;
  buttonLabel: string;
  href: '/';
}

/** One item of the hover-highlighted timeline. */
export interface TimelineItem {
  /** A short time label, e.g. "00:04". */
  time: string;
  title: string;
  text: string;
}

/** The download modal's preview of one research item, keyed by the item's id. */
export interface DownloadPreview {
  highlights: [string, string, string];
  contents: [string, string, string, string];
  /**
   * The page count of the report's PDF, set by the archive's loader at build time from the
   * PDF itself (scripts/reports/research-plugin.ts, through features/research/archive-data.ts);
   * the files do not carry it.
   */
  pages?: number;
}

// Page copy -------------------------------------------------------------------------------

export interface PageMeta {
  title: string;
  description: string;
}

export interface PageHero {
  eyebrow: string;
  title: string;
  text: string;
}

export interface SectionCopy {
  heading: string;
  intro: string;
}

export interface LinkCta {
  heading: string;
  text: string;
  label: string;
  href: string;
}

export interface EmptyStateCopy {
  title?: string;
  text: string;
  clearLabel: string;
}

/** Copy of /security-intelligence. */
export interface IntelligencePageCopy {
  meta: PageMeta;
  hero: PageHero & {
    ctaLabel: string;
    /** The element id of the featured section the call to action scrolls to. */
    ctaTargetId: string;
  };
  featured: SectionCopy & {
    sectionId: string;
    searchLabel: string;
    searchPlaceholder: string;
    categoryLabel: string;
    allCategoriesLabel: string;
    severityLabel: string;
    clearFiltersLabel: string;
    newBadge: string;
    readArticleLabel: string;
    /** e.g. "Showing 6 of 30 articles". */
    countLine: (shown: number, total: number) => string;
    /** e.g. "Show 24 more articles". */
    showMoreLabel: (hidden: number) => string;
    showLessLabel: string;
  };
  emptyState: EmptyStateCopy;
  challenges: SectionCopy & { cards: ChallengeCard[] };
  attackScenarios: SectionCopy & {
    techniqueLabel: string;
    stepsLabel: string;
    impactLabel: string;
    detectedByLabel: string;
    riskScoreLabel: string;
  };
  solutionMapping: SectionCopy & {
    howLabel: string;
    outcomeLabel: string;
    mappings: SolutionMapping[];
  };
  monthlyFindings: SectionCopy & { impactLabel: string; categoryLabel: string };
  researchArchive: LinkCta;
  resources: SectionCopy & { tiles: ResourceTile[] };
  timeline: SectionCopy & { items: TimelineItem[] };
}

export interface MethodologyPoint {
  title: string;
  text: string;
}

/** Copy of the download modal on /research-archive. */
export interface DownloadModalCopy {
  dialogTitle: string;
  closeLabel: string;
  previewHeading: string;
  highlightsHeading: string;
  contentsHeading: string;
  /** e.g. "24 pages". */
  pagesLabel: (pages: number) => string;
  difficultyLabel: string;
  formHeading: string;
  formText: string;
  /** One entry per field of the download form's definition, less the item the page sets. */
  fields: FormFieldCopy<typeof downloadDefinition, 'researchId'>;
  submitLabel: string;
  submittingLabel: string;
  /** The words before the form's Privacy Policy link, e.g. "… as explained in our". */
  privacyNote: string;
  failureTitle: string;
  success: {
    title: string;
    /**
     * What the view says, by what became of the e-mail with the link: "also e-mailed" only
     * when it really went; otherwise what happened, in plain words.
     */
    text: Record<Confirmation, string>;
    /** The report link's text; the link opens the PDF in a new tab. */
    linkLabel: string;
    /** Under the link: it is personal and expires. */
    note: string;
    anotherLabel: string;
    continueLabel: string;
  };
}

/** Copy of /research-archive, less its list and its download dialog. */
export interface ResearchArchivePageCopy {
  meta: PageMeta;
  hero: PageHero;
  metrics: {
    heading: string;
    totalItemsLabel: string;
    totalDownloadsLabel: string;
    totalCitationsLabel: string;
    criticalLabel: string;
    byTypeLabel: string;
    /** Counts the items published in the last 3 months. */
    recentLabel: string;
    /** Heads the 5 most frequent research tags. */
    topTagsLabel: string;
    /** A fixed figure, "6 Domains", not computed from the items. */
    domains: string;
    domainsCaption: string;
  };
  subscribe: LinkCta;
  intelligenceLink: LinkCta;
  methodology: SectionCopy & { points: MethodologyPoint[] };
  closingBanner: {
    heading: string;
    text: string;
    primary: { label: string; href: string };
    secondary: { label: string; href: string };
  };
}

/** Copy of the filters and list of /research-archive. */
export interface ResearchLibraryCopy {
  filters: {
    heading: string;
    searchLabel: string;
    searchPlaceholder: string;
    topicsLabel: string;
    clearLabel: string;
    /** e.g. "Showing 3 of 7 research items". */
    resultCount: (shown: number, total: number) => string;
  };
  card: {
    downloadLabel: string;
    /** Shown on the card when the download dialog's code failed to load. */
    downloadUnavailable: string;
    newBadge: string;
    keyFindingsLabel: string;
    /** "+N more" after the first two key findings. */
    moreFindings: (count: number) => string;
    /** "+N" after the first three tags. */
    moreTags: (count: number) => string;
    /** "+N others" after the first author. */
    otherAuthors: (count: number) => string;
    downloadsLabel: string;
    citationsLabel: string;
    showMoreLabel: (hidden: number) => string;
    showLessLabel: string;
  };
  emptyState: Required<EmptyStateCopy>;
}
