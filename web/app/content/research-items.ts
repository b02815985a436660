import type { DownloadPreview } from './intelligence-types.ts';
import type { ResearchItem } from './library-types.ts';
import { readMarkdownFolder } from './markdown-file.ts';
import { parseResearchFile, type ResearchFile } from './research-file.ts';
import type { ResearchReport } from './research-report-types.ts';

/**
 * The Markdown files of research/, by path. Vite (the build that prerenders, the config
 * loader, vitest) inlines them into the bundle, where no folder is at hand to read. Plain
 * Node, where `import.meta.glob` does not exist (Playwright's journeys import the items for
 * their expectations, the PDF build's scripts), reads the folder itself.
 */
function researchFiles(): Record<string, string> {
  try {
    return import.meta.glob<string>('./research/*.md', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
  } catch {
    return readResearchFolder(new URL('./research/', import.meta.url));
  }
}

/** Every `<id>.md` of a folder, by path: the real one, or a test's fixture folder. */
export function readResearchFolder(dir: URL): Record<string, string> {
  return readMarkdownFolder(dir, './research/');
}

/** What the archive, the download dialog and the PDF build read: all from the same files. */
export interface ResearchContent {
  items: readonly ResearchItem[];
  previews: Readonly<Record<string, DownloadPreview>>;
  reports: Readonly<Record<string, ResearchReport>>;
}

/**
 * The research of a set of files: each Markdown file is one report, so adding a report is
 * adding a file. A file with a missing or wrong frontmatter field, or a body the PDF cannot
 * lay out, throws here, at build time, naming the file and the field. Items keep the files'
 * order (by id); the archive sorts them by date.
 */
export function researchContent(files: Record<string, string>): ResearchContent {
  const parsed: ResearchFile[] = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]) => parseResearchFile(path.replace(/^\.\//, 'app/content/'), text));
  return {
    items: parsed.map((file) => file.item),
    previews: Object.fromEntries(parsed.map((file) => [file.item.id, file.preview])),
    reports: Object.fromEntries(parsed.map((file) => [file.item.id, file.report])),
  };
}

/** The research of app/content/research/: items, previews and bodies together. */
export const RESEARCH: ResearchContent = researchContent(researchFiles());

/**
 * The research items of the archive, one per file of research/ (docs/decisions/069).
 * Aggregate figures come from Kryon research across environments whose owners opted into
 * anonymized research telemetry; no figure describes a single named organization.
 */
export const researchItems: readonly ResearchItem[] = RESEARCH.items;

/** What the download dialog shows beside the lead form, per research item id. */
export const researchDownloadPreviews: Readonly<Record<string, DownloadPreview>> =
  RESEARCH.previews;

/**
 * The body of every item's report, by item id: with the item's own fields, what the build
 * renders to each PDF (docs/decisions/030).
 */
export const researchReports: Readonly<Record<string, ResearchReport>> = RESEARCH.reports;
