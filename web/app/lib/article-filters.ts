import {
  ARTICLE_CATEGORIES,
  type ArticleCategory,
  SEVERITIES,
  type Severity,
} from '../content/library-types.ts';
import { matchesAllWords, searchWords } from './search-text.ts';

/** The index's filters. An empty category or severity set means "any". */
export interface ArticleFilters {
  search: string;
  category: ArticleCategory | '';
  severities: readonly Severity[];
}

/** Article cards shown before "show N more articles". */
export const ARTICLE_COLLAPSED_COUNT = 6;

export const NO_ARTICLE_FILTERS: ArticleFilters = { search: '', category: '', severities: [] };

/** What filtering reads of an article. */
export interface FilterableArticle {
  title: string;
  description: string;
  tags: readonly string[];
  kryonSolution: readonly string[];
  category: string;
  severity: string;
}

export function hasActiveArticleFilters(filters: ArticleFilters): boolean {
  return filters.search.trim() !== '' || filters.category !== '' || filters.severities.length > 0;
}

function invalidReason(filters: ArticleFilters): string | null {
  if (typeof filters?.search !== 'string') return 'search is not text';
  if (filters.category !== '' && !ARTICLE_CATEGORIES.includes(filters.category)) {
    return `unknown category "${String(filters.category)}"`;
  }
  if (!Array.isArray(filters.severities)) return 'severities is not a list';
  const unknown = filters.severities.find((s) => !SEVERITIES.includes(s));
  if (unknown !== undefined) return `unknown severity "${String(unknown)}"`;
  return null;
}

/**
 * Search matches title, description, tags and module names
 * (case-insensitive); the category must match exactly; the article's severity must be one
 * of those chosen; all three combine with AND. Invalid input logs a warning and matches
 * nothing, rather than silently showing everything.
 */
export function filterArticles<T extends FilterableArticle>(
  articles: readonly T[],
  filters: ArticleFilters,
): T[] {
  const reason = Array.isArray(articles) ? invalidReason(filters) : 'articles is not a list';
  if (reason) {
    console.warn(`Article filters ignored: ${reason}`);
    return [];
  }
  const words = searchWords(filters.search);
  return articles.filter(
    (article) =>
      (filters.category === '' || article.category === filters.category) &&
      (filters.severities.length === 0 ||
        filters.severities.includes(article.severity as Severity)) &&
      matchesAllWords(words, [
        article.title,
        article.description,
        ...article.tags,
        ...article.kryonSolution,
      ]),
  );
}

/** Chips toggle: a chosen value is removed, another is added, in severity order. */
export function toggleSeverity(selected: readonly Severity[], severity: Severity): Severity[] {
  const next = selected.includes(severity)
    ? selected.filter((s) => s !== severity)
    : [...selected, severity];
  return SEVERITIES.filter((s) => next.includes(s));
}
