import type { RootContent, Table } from 'mdast';
import { toString as mdastText } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import * as z from 'zod';
import type { DownloadPreview } from './intelligence-types.ts';
import {
  ARTICLE_CATEGORIES,
  RESEARCH_TYPES,
  type ResearchItem,
  SEVERITIES,
} from './library-types.ts';
import { ContentFileError, readMarkdownFile, SLUG } from './markdown-file.ts';
import type { ReportSection, ResearchReport } from './research-report-types.ts';

const text = z.string().trim().min(1);

/**
 * What a research file's frontmatter holds: the archive's item (everything of
 * `ResearchItem` but the id, which is the file name) and, under `download`, what the
 * download dialog previews beside its form.
 */
const frontmatterSchema = z.strictObject({
  title: text,
  description: text,
  abstract: text,
  type: z.enum(RESEARCH_TYPES),
  category: z.enum(ARTICLE_CATEGORIES),
  impact: z.enum(SEVERITIES),
  // YAML reads an unquoted date as text here (the core schema has no timestamps).
  publishedDate: z.iso.date(),
  authors: z.array(z.strictObject({ name: text, title: text, company: text })).min(1),
  tags: z.array(text).min(1),
  keyFindings: z.array(text).min(1),
  methodology: text,
  sources: z.array(text).min(1),
  downloadCount: z.int().nonnegative(),
  estimatedReadTime: z.string().regex(/^\d+ min read$/, 'expected "N min read"'),
  featured: z.boolean(),
  relatedArticles: z.array(z.string().regex(SLUG, 'expected an article id (a slug)')),
  citations: z.int().nonnegative(),
  download: z.strictObject({
    highlights: z.tuple([text, text, text]),
    contents: z.tuple([text, text, text, text]),
  }),
});

/** One research report as its file gives it: the archive's item, the preview, the body. */
export interface ResearchFile {
  item: ResearchItem;
  preview: DownloadPreview;
  report: ResearchReport;
}

/**
 * One research file, `<id>.md`: YAML frontmatter (the archive item and the download
 * preview), then the report's body in Markdown. The file name is the item's id, the id the
 * download form sends and the name of the built PDF.
 */
export function parseResearchFile(fileName: string, source: string): ResearchFile {
  const { id, data, body, frontmatterLines } = readMarkdownFile(
    fileName,
    source,
    frontmatterSchema,
  );
  const { download, ...item } = data;
  const sections = reportSections(fileName, body, frontmatterLines);
  if (sections.length === 0) {
    throw new ContentFileError(fileName, 'the report has no body (## sections)');
  }
  return { item: { id, ...item }, preview: download, report: { sections } };
}

/**
 * The body as the PDF lays it out: each `## Heading` opens a section of paragraphs, then at
 * most one bulleted list, then at most one table whose caption is the paragraph just above
 * it. Text is plain: inline Markdown (emphasis, code) is read as its text.
 */
function reportSections(fileName: string, body: string, lineOffset: number): ReportSection[] {
  const nodes = unified().use(remarkParse).use(remarkGfm).parse(body).children;
  const sections: ReportSection[] = [];
  const fail = (node: RootContent, problem: string): never => {
    const line = (node.position?.start.line ?? 0) + lineOffset;
    throw new ContentFileError(fileName, `body, near line ${line}: ${problem}`);
  };
  for (const [index, node] of nodes.entries()) {
    const next = nodes[index + 1];
    if (node.type === 'heading' && node.depth === 2) {
      sections.push({ heading: mdastText(node), paragraphs: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) fail(node, 'the body must open with a "## Heading"');
    const current = section as ReportSection;
    if (current.table)
      fail(node, 'nothing may follow a section\'s table but the next "## Heading"');
    if (node.type === 'paragraph' && next?.type === 'table') continue; // the table's caption
    if (node.type === 'paragraph') {
      if (current.bullets) fail(node, "a paragraph after the list must be a table's caption");
      current.paragraphs.push(mdastText(node));
    } else if (node.type === 'list' && !node.ordered) {
      if (current.bullets) fail(node, 'a section has at most one bulleted list');
      current.bullets = node.children.map((listItem) => {
        if (listItem.children.length !== 1 || listItem.children[0]?.type !== 'paragraph') {
          fail(node, 'each bullet is one paragraph of text');
        }
        return mdastText(listItem);
      });
    } else if (node.type === 'table') {
      const caption = nodes[index - 1];
      if (caption?.type !== 'paragraph')
        fail(node, 'a table needs a caption paragraph just above it');
      current.table = tableOf(node, mdastText(caption as RootContent), fail);
    } else {
      fail(
        node,
        `a ${node.type} is not part of a report (sections of paragraphs, a list, a table)`,
      );
    }
  }
  return sections;
}

function tableOf(
  node: Table,
  caption: string,
  fail: (node: RootContent, problem: string) => never,
): NonNullable<ReportSection['table']> {
  const [header, ...rows] = node.children.map((row) => row.children.map((cell) => mdastText(cell)));
  if (!header || rows.length === 0) fail(node, 'a table needs a header row and at least one row');
  return { caption, columns: header as string[], rows };
}
