/** Copy of the research archive's filters and list, which run in the browser. */
import type { ResearchLibraryCopy } from './intelligence-types.ts';

const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

export const researchLibraryCopy: ResearchLibraryCopy = {
  filters: {
    heading: 'Find research',
    searchLabel: 'Search research',
    searchPlaceholder: 'Search titles, findings, tags or authors',
    topicsLabel: 'Topics',
    clearLabel: 'Clear filters',
    resultCount: (shown, total) =>
      `Showing ${shown} of ${total} ${plural(total, 'research item', 'research items')}`,
  },
  card: {
    downloadLabel: 'Download',
    downloadUnavailable:
      'The download form did not load. Check your connection, then press Download again.',
    newBadge: 'NEW',
    keyFindingsLabel: 'Key findings',
    moreFindings: (count) => `+${count} more`,
    moreTags: (count) => `+${count}`,
    otherAuthors: (count) => `+${count} ${plural(count, 'other', 'others')}`,
    downloadsLabel: 'downloads',
    citationsLabel: 'citations',
    showMoreLabel: (hidden) =>
      `Show ${hidden} more ${plural(hidden, 'research item', 'research items')}`,
    showLessLabel: 'Show fewer research items',
  },
  emptyState: {
    title: 'No Research Found',
    text: 'No research items match your current filter criteria. Try adjusting your search or filters.',
    clearLabel: 'Clear All Filters',
  },
};
