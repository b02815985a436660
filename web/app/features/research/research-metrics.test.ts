import { describe, expect, it } from 'vitest';
import { archiveMetrics, recentCount } from './research-metrics.ts';

const item = (
  type: 'Monthly Finding' | 'Case Study' | 'White Paper',
  impact: string,
  publishedDate: string,
  tags: string[],
) => ({ type, impact, publishedDate, tags, downloadCount: 100, citations: 3 });

const ITEMS = [
  item('Monthly Finding', 'Critical', '2026-11-18', ['IAM', 'Lambda']),
  item('Monthly Finding', 'High', '2026-09-01', ['IAM']),
  item('Case Study', 'Critical', '2026-06-10', ['S3', 'IAM', 'Lambda']),
  item('White Paper', 'Medium', '2026-05-19', ['Compliance']),
];

describe('archiveMetrics', () => {
  it('totals items, downloads, citations and critical items', () => {
    expect(archiveMetrics(ITEMS)).toMatchObject({
      totalItems: 4,
      totalDownloads: 400,
      totalCitations: 12,
      criticalCount: 2,
    });
  });

  it('counts every research type in the product order, zero included', () => {
    expect(archiveMetrics(ITEMS).byType).toEqual([
      { type: 'Monthly Finding', count: 2 },
      { type: 'Quarterly Report', count: 0 },
      { type: 'Technical Paper', count: 0 },
      { type: 'Industry Insight', count: 0 },
      { type: 'Case Study', count: 1 },
      { type: 'White Paper', count: 1 },
    ]);
  });

  it('lists the five most used tags', () => {
    expect(archiveMetrics(ITEMS).topTags).toEqual(['IAM', 'Lambda', 'Compliance', 'S3']);
  });

  it('counts the publications of the last three months', () => {
    expect(recentCount(ITEMS, '2026-11-22')).toBe(2);
    expect(recentCount(ITEMS, '2026-07-01')).toBe(2);
  });
});
