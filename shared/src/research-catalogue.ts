import catalogue from './research-catalogue.json' with { type: 'json' };

/**
 * The research reports a download request may name: which ids exist and how the e-mail names
 * them, all the download form and the download Lambda need. The reports themselves are
 * Markdown files, web/app/content/research/<id>.md, the one source of truth; the web build
 * writes their ids and titles to research-catalogue.json beside this file (never edit it by
 * hand), so a function's esbuild bundle carries the catalogue without reading the repository
 * at run time, and a web test fails while the committed file lags the folder
 * (docs/decisions/069). A report is never a public file: it is handed out through the
 * visitor's personal link (docs/decisions/031).
 */
export interface ResearchDownload<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
}

/** An id of the catalogue: a string the download schema checks against the list. */
export type ResearchDownloadId = string;

export const RESEARCH_DOWNLOADS: readonly ResearchDownload<ResearchDownloadId>[] =
  catalogue.reports;

if (RESEARCH_DOWNLOADS.length === 0) throw new Error('research-catalogue.json lists no report');

/** The ids as a non-empty tuple, the shape z.enum wants. */
export const RESEARCH_DOWNLOAD_IDS = RESEARCH_DOWNLOADS.map((item) => item.id) as [
  ResearchDownloadId,
  ...ResearchDownloadId[],
];

export function findResearchDownload(id: string): ResearchDownload<ResearchDownloadId> | undefined {
  return RESEARCH_DOWNLOADS.find((item) => item.id === id);
}
