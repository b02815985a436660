import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  filterResearch,
  hasActiveResearchFilters,
  isListExpanded,
  NO_RESEARCH_FILTERS,
  type ResearchFilters,
  toggleTopic,
  topTags,
} from './research-filters.ts';

const item = (id: string, tags: string[], more: { finding?: string; author?: string } = {}) => ({
  id,
  title: `Report ${id}`,
  description: `Description of ${id}`,
  tags,
  keyFindings: [more.finding ?? 'Nothing unusual'],
  authors: [{ name: more.author ?? 'Priya Natarajan' }],
});

const ITEMS = [
  item('a', ['IAM', 'Attack Paths'], { finding: 'PassRole everywhere' }),
  item('b', ['S3', 'IAM'], { author: 'Rafael Moreno' }),
  item('c', ['Compliance']),
];

const ids = (filters: Partial<ResearchFilters>) =>
  filterResearch(ITEMS, { ...NO_RESEARCH_FILTERS, ...filters }).map((i) => i.id);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('filterResearch', () => {
  it('returns everything with no filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
  });

  it('searches titles, descriptions, findings, tags and authors case-insensitively', () => {
    expect(ids({ search: 'REPORT compliance' })).toEqual(['c']);
    expect(ids({ search: 'passrole' })).toEqual(['a']);
    expect(ids({ search: 'moreno' })).toEqual(['b']);
    expect(ids({ search: 's3' })).toEqual(['b']);
    expect(ids({ search: 'description of b' })).toEqual(['b']);
  });

  it('keeps items carrying any chosen topic, combined with the search by AND', () => {
    expect(ids({ topics: ['IAM'] })).toEqual(['a', 'b']);
    expect(ids({ topics: ['S3', 'Compliance'] })).toEqual(['b', 'c']);
    expect(ids({ topics: ['IAM'], search: 'moreno' })).toEqual(['b']);
    expect(ids({ topics: ['Compliance'], search: 'moreno' })).toEqual([]);
  });

  it('logs a warning and returns nothing for invalid input', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ids({ topics: 'IAM' as unknown as string[] })).toEqual([]);
    expect(ids({ search: undefined as unknown as string })).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('topic chips and the list', () => {
  it('ranks tags by use, ties alphabetically, counting a tag once per item', () => {
    expect(topTags([...ITEMS, item('d', ['S3', 'S3'])], 3)).toEqual(['IAM', 'S3', 'Attack Paths']);
    expect(topTags(ITEMS, 10)).toHaveLength(4);
  });

  it('toggles topics', () => {
    expect(toggleTopic([], 'IAM')).toEqual(['IAM']);
    expect(toggleTopic(['IAM', 'S3'], 'IAM')).toEqual(['S3']);
  });

  it('knows when a filter is active', () => {
    expect(hasActiveResearchFilters(NO_RESEARCH_FILTERS)).toBe(false);
    expect(hasActiveResearchFilters({ search: ' ', topics: [] })).toBe(false);
    expect(hasActiveResearchFilters({ search: '', topics: ['IAM'] })).toBe(true);
  });

  it('expands on the visitor toggle, or when filtering leaves 20 or fewer', () => {
    expect(isListExpanded(false, false, 7)).toBe(false);
    expect(isListExpanded(true, false, 7)).toBe(true);
    expect(isListExpanded(false, true, 20)).toBe(true);
    expect(isListExpanded(false, true, 21)).toBe(false);
    expect(isListExpanded(true, true, 21)).toBe(true);
  });
});
