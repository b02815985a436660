/**
 * Types of the security-intelligence library: article, category, research item. Article files hold
 * only what an author writes; the library module derives the rest (url, read time, featured,
 * previous/next) so it can never disagree with the data.
 */

export const ARTICLE_CATEGORIES = [
  'Infrastructure Security',
  'Serverless Security',
  'Identity Risks',
  'Attack Paths',
  'Vulnerability Intelligence',
  'Data Protection',
  'Compliance',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** Severities, most severe first: every list, chip row and sort uses this order. */
export const SEVERITIES = ['Critical', 'High', 'Medium', 'Low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const MODULE_NAMES = [
  'Kryon Core',
  'Kryon Graph',
  'Kryon Vuln',
  'Kryon IAM',
  'Kryon Defend',
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/**
 * What an article file holds (articles/<id>.md): the part of an article its author writes.
 * The frontmatter holds every field but `id` (the file name) and `body`.
 */
export interface ArticleSource {
  /** Stable id, also the article's slug (lower-case, hyphens): the url's last segment. */
  id: string;
  title: string;
  /** One or two sentences for cards, meta description and search. */
  description: string;
  category: ArticleCategory;
  severity: Severity;
  /** MITRE ATT&CK technique label, e.g. "T1078.004 Valid Accounts: Cloud Accounts". */
  mitreAttack: string;
  /** Who it is for, e.g. "Cloud security engineers, platform teams". */
  audience: string;
  /** The Kryon modules that address it. */
  kryonSolution: ModuleName[];
  /** YYYY-MM-DD. */
  publishedDate: string;
  tags: string[];
  /** The article's text in Markdown (GFM), without the frontmatter. */
  body: string;
}

/** The full article, with what the library derives, as pages use it. */
export interface Article extends ArticleSource {
  /** /security-intelligence/{category-slug}/{article-slug} */
  url: string;
  categorySlug: string;
  /** e.g. "14 min read", from the body's word count. */
  readTime: string;
  featured: boolean;
  nextArticle: string | null;
  prevArticle: string | null;
}

export interface ArticleCategoryInfo {
  slug: string;
  displayName: ArticleCategory;
  path: string;
  articleCount: number;
}

export const RESEARCH_TYPES = [
  'Monthly Finding',
  'Quarterly Report',
  'Technical Paper',
  'Industry Insight',
  'Case Study',
  'White Paper',
] as const;
export type ResearchType = (typeof RESEARCH_TYPES)[number];

export interface ResearchAuthor {
  name: string;
  title: string;
  company: string;
}

/** A research item of the archive, each with its built PDF report. */
export interface ResearchItem {
  id: string;
  title: string;
  description: string;
  abstract: string;
  type: ResearchType;
  category: ArticleCategory;
  impact: Severity;
  publishedDate: string;
  authors: ResearchAuthor[];
  tags: string[];
  keyFindings: string[];
  methodology: string;
  sources: string[];
  downloadCount: number;
  estimatedReadTime: string;
  featured: boolean;
  /** Article ids. */
  relatedArticles: string[];
  citations: number;
}
