/**
 * Interface labels of the security-intelligence index, the category pages and the research
 * archive that their page copy (intelligence-page.ts, research-archive-page.ts) does not hold.
 */

export const articleCardLabels = {
  featured: 'Featured',
  modules: 'Kryon modules',
  /** Visually hidden, so each card's date reads as a date. */
  published: 'Published',
} as const;

export const articleFilterLabels = {
  /** The filter toolbar's accessible name. */
  toolbar: 'Filter articles',
  /** The result list's accessible name. */
  results: 'Articles',
} as const;

export const intelligenceSectionLabels = {
  scenarioHeadingPrefix: 'Scenario',
  riskScoreOutOf: '/ 10',
  stepsCount: (count: number) => `${count} steps`,
  findingsMonth: 'Month',
} as const;

/**
 * A report's difficulty follows from its impact: Critical or High is Advanced, Medium is
 * Intermediate, anything else Beginner (difficultyFor in features/research/download-preview.ts).
 */
export const DIFFICULTY_LABELS = {
  advanced: 'Advanced',
  intermediate: 'Intermediate',
  beginner: 'Beginner',
} as const;

export const researchLabels = {
  results: 'Research publications',
  published: 'Published',
  readTime: 'Read time',
  impact: (impact: string) => `${impact} impact`,
  modal: {
    honeypotLabel: 'Leave this field empty',
    typeAndRead: (type: string, readTime: string) => `${type} · ${readTime}`,
  },
} as const;
