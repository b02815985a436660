/**
 * The body of a research report: what the downloadable PDF holds beyond the research item's
 * own fields (title, type, date, authors, abstract, key findings, methodology and sources
 * come from the item in research-items.ts, so the card, the download dialog and the PDF say
 * the same). Plain text only: the PDF lays it out; no markup, no HTML.
 */
export interface ResearchReport {
  /** The body of the research, in reading order: 1,500-3,000 words over all sections. */
  sections: ReportSection[];
}

export interface ReportSection {
  heading: string;
  /** Paragraphs of plain prose. */
  paragraphs: string[];
  /** A list shown after the paragraphs (steps, checks, recommendations). */
  bullets?: string[];
  /** Figures of the research, shown after the bullets. */
  table?: ReportTable;
}

export interface ReportTable {
  /** One line saying what the table shows. */
  caption: string;
  columns: string[];
  /** Each row has one cell per column. */
  rows: string[][];
}
