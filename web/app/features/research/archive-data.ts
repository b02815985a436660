import type { DownloadPreview } from '../../content/intelligence-types.ts';
import type { ResearchItem } from '../../content/library-types.ts';
import type { ResearchContent } from '../../content/research-items.ts';

/** What the research archive's page is rendered from. */
export interface ResearchArchiveData {
  /** Newest first. */
  items: ResearchItem[];
  /** Each download preview with the page count of the PDF the visitor receives. */
  previews: Record<string, DownloadPreview>;
}

/**
 * The archive's data: the items newest first, and each download preview with the page count
 * of its built PDF (`pages`, by id: what the PDF build counted, carried into the page at
 * build time; docs/decisions/069). An item without a built PDF fails the build.
 */
export function researchArchiveData(
  content: ResearchContent,
  pages: Readonly<Record<string, number>>,
): ResearchArchiveData {
  const previews = Object.fromEntries(
    content.items.map((item) => {
      const preview = content.previews[item.id];
      const count = pages[item.id];
      if (!preview) throw new Error(`research item ${item.id} has no download preview`);
      if (!count) throw new Error(`research item ${item.id} has no built PDF to count pages of`);
      return [item.id, { ...preview, pages: count }];
    }),
  );
  const items = [...content.items].sort((a, b) => b.publishedDate.localeCompare(a.publishedDate));
  return { items, previews };
}
