import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArticleCategory, Severity } from '../content/library-types.ts';
import {
  type ArticleFilters,
  filterArticles,
  hasActiveArticleFilters,
  NO_ARTICLE_FILTERS,
  toggleSeverity,
} from './article-filters.ts';

const article = (
  id: string,
  category: ArticleCategory,
  severity: Severity,
  more: { tags?: string[]; kryonSolution?: string[]; description?: string } = {},
) => ({
  id,
  title: `Title ${id}`,
  description: more.description ?? `About ${id}`,
  category,
  severity,
  tags: more.tags ?? [],
  kryonSolution: more.kryonSolution ?? [],
});

const LIBRARY = [
  article('passrole', 'Identity Risks', 'Critical', {
    tags: ['IAM', 'PassRole'],
    kryonSolution: ['Kryon IAM'],
  }),
  article('buckets', 'Data Protection', 'High', {
    tags: ['S3'],
    kryonSolution: ['Kryon Core'],
    description: 'Public S3 buckets and Block Public Access',
  }),
  article('keys', 'Identity Risks', 'Medium', { tags: ['Access Keys'] }),
  article('cis', 'Compliance', 'Low', { kryonSolution: ['Kryon Graph'] }),
];

const ids = (filters: Partial<ArticleFilters>) =>
  filterArticles(LIBRARY, { ...NO_ARTICLE_FILTERS, ...filters }).map((a) => a.id);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('filterArticles', () => {
  it('returns everything, in order, with no filter', () => {
    expect(ids({})).toEqual(['passrole', 'buckets', 'keys', 'cis']);
  });

  it('searches title, description, tags and module names, case-insensitively', () => {
    expect(ids({ search: 'title KEYS' })).toEqual(['keys']);
    expect(ids({ search: 'block public' })).toEqual(['buckets']);
    expect(ids({ search: 'passrole' })).toEqual(['passrole']);
    expect(ids({ search: 'kryon graph' })).toEqual(['cis']);
    expect(ids({ search: 'iam' })).toEqual(['passrole']);
    expect(ids({ search: '  s3  ' })).toEqual(['buckets']);
    expect(ids({ search: 'nothing matches this' })).toEqual([]);
  });

  it('requires every word of the search somewhere in the article', () => {
    expect(ids({ search: 'iam critical-free' })).toEqual([]);
    expect(ids({ search: 'public buckets' })).toEqual(['buckets']);
  });

  it('matches the category exactly', () => {
    expect(ids({ category: 'Identity Risks' })).toEqual(['passrole', 'keys']);
  });

  it('matches any of the chosen severities', () => {
    expect(ids({ severities: ['Critical', 'Low'] })).toEqual(['passrole', 'cis']);
  });

  it('combines all filters with AND', () => {
    expect(ids({ category: 'Identity Risks', severities: ['Medium'] })).toEqual(['keys']);
    expect(ids({ category: 'Identity Risks', severities: ['High'] })).toEqual([]);
    expect(ids({ search: 'title', category: 'Compliance', severities: ['Low'] })).toEqual(['cis']);
  });

  it('logs a warning and returns nothing for invalid input', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ids({ category: 'Cloud Magic' as ArticleCategory })).toEqual([]);
    expect(ids({ severities: ['Severe' as Severity] })).toEqual([]);
    expect(ids({ search: 42 as unknown as string })).toEqual([]);
    expect(filterArticles(null as unknown as [], NO_ARTICLE_FILTERS)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]?.[0]).toContain('Cloud Magic');
  });
});

describe('filter helpers', () => {
  it('knows when any filter is active', () => {
    expect(hasActiveArticleFilters(NO_ARTICLE_FILTERS)).toBe(false);
    expect(hasActiveArticleFilters({ ...NO_ARTICLE_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveArticleFilters({ ...NO_ARTICLE_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveArticleFilters({ ...NO_ARTICLE_FILTERS, category: 'Compliance' })).toBe(true);
    expect(hasActiveArticleFilters({ ...NO_ARTICLE_FILTERS, severities: ['Low'] })).toBe(true);
  });

  it('toggles severities and keeps the severity order', () => {
    expect(toggleSeverity([], 'Low')).toEqual(['Low']);
    expect(toggleSeverity(['Low'], 'Critical')).toEqual(['Critical', 'Low']);
    expect(toggleSeverity(['Critical', 'Low'], 'Critical')).toEqual(['Low']);
  });
});
