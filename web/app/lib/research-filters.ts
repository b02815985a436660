import { matchesAllWords, searchWords } from './search-text.ts';

/** The archive's filters: a search term and the chosen topic chips. */
export interface ResearchFilters {
  search: string;
  topics: readonly string[];
}

export const NO_RESEARCH_FILTERS: ResearchFilters = { search: '', topics: [] };

/** The archive shows 10 topic chips; its metrics panel names the 5 top research tags. */
export const TOPIC_CHIP_COUNT = 10;
export const TOP_TAG_COUNT = 5;

/** The archive auto-expands a filtered list of this many items or fewer. */
export const AUTO_EXPAND_MAX = 20;

/** Research cards shown before "show more". */
export const RESEARCH_COLLAPSED_COUNT = 6;

export interface FilterableResearch {
  title: string;
  description: string;
  tags: readonly string[];
  keyFindings: readonly string[];
  authors: readonly { name: string }[];
}

export function hasActiveResearchFilters(filters: ResearchFilters): boolean {
  return filters.search.trim() !== '' || filters.topics.length > 0;
}

/**
 * Search matches title, description, key findings, tags and author names
 * (case-insensitive); a research item must carry at least one chosen topic; both combine
 * with AND. Invalid input logs a warning and matches nothing.
 */
export function filterResearch<T extends FilterableResearch>(
  items: readonly T[],
  filters: ResearchFilters,
): T[] {
  // Annotated, so the checks do not narrow `items` to any[] below.
  const valid: boolean =
    Array.isArray(items) &&
    typeof filters?.search === 'string' &&
    Array.isArray(filters.topics) &&
    filters.topics.every((t) => typeof t === 'string');
  if (!valid) {
    console.warn('Research filters ignored: invalid filter input');
    return [];
  }
  const words = searchWords(filters.search);
  return items.filter(
    (item) =>
      (filters.topics.length === 0 || item.tags.some((tag) => filters.topics.includes(tag))) &&
      matchesAllWords(words, [
        item.title,
        item.description,
        ...item.keyFindings,
        ...item.tags,
        ...item.authors.map((a) => a.name),
      ]),
  );
}

/** The most used tags, most used first; ties in alphabetical order so the list is stable. */
export function topTags(items: readonly { tags: readonly string[] }[], count: number): string[] {
  const uses = new Map<string, number>();
  for (const item of items) {
    for (const tag of new Set(item.tags)) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  }
  return [...uses.entries()]
    .sort(([a, na], [b, nb]) => nb - na || a.localeCompare(b))
    .slice(0, count)
    .map(([tag]) => tag);
}

export function toggleTopic(selected: readonly string[], topic: string): string[] {
  return selected.includes(topic) ? selected.filter((t) => t !== topic) : [...selected, topic];
}

/**
 * The archive's list starts collapsed; the visitor's toggle expands it, and so does
 * any active filter that leaves 20 items or fewer.
 */
export function isListExpanded(
  expandedByVisitor: boolean,
  filtersActive: boolean,
  resultCount: number,
): boolean {
  return expandedByVisitor || (filtersActive && resultCount <= AUTO_EXPAND_MAX);
}
