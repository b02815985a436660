import { RESEARCH_TYPES, type ResearchType } from '../../content/library-types.ts';
import { isWithinMonths } from '../../lib/dates.ts';
import { TOP_TAG_COUNT, topTags } from '../../lib/research-filters.ts';

/** "Recent publications" counts the items published in the last 3 months. */
export const RECENT_MONTHS = 3;

export interface MetricsInput {
  type: ResearchType;
  impact: string;
  downloadCount: number;
  citations: number;
  publishedDate: string;
  tags: readonly string[];
}

export interface ArchiveMetrics {
  totalItems: number;
  totalDownloads: number;
  totalCitations: number;
  criticalCount: number;
  /** Every research type in RESEARCH_TYPES order, with how many items have it. */
  byType: { type: ResearchType; count: number }[];
  topTags: string[];
}

/** The research archive's metrics panel, computed from the items themselves, never typed in. */
export function archiveMetrics(items: readonly MetricsInput[]): ArchiveMetrics {
  return {
    totalItems: items.length,
    totalDownloads: items.reduce((sum, item) => sum + item.downloadCount, 0),
    totalCitations: items.reduce((sum, item) => sum + item.citations, 0),
    criticalCount: items.filter((item) => item.impact === 'Critical').length,
    byType: RESEARCH_TYPES.map((type) => ({
      type,
      count: items.filter((item) => item.type === type).length,
    })),
    topTags: topTags(items, TOP_TAG_COUNT),
  };
}

/** Items published in the last three months before `today`. */
export function recentCount(items: readonly { publishedDate: string }[], today: string): number {
  return items.filter((item) => isWithinMonths(item.publishedDate, today, RECENT_MONTHS)).length;
}
