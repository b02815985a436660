// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchItems, researchReports } from '../../app/content/research-items.ts';
import { type BuiltReport, buildReports } from './build-reports.ts';
import { elementsOf, type PdfStructNode, readPdf } from './read-pdf.ts';

/*
 * The built PDFs read back with pdf.js (read-pdf.ts), as a visitor's reader or a
 * search index would: real pages, real text, the document's metadata.
 */
let outDir: string;
let built: BuiltReport[];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'kryon-reports-'));
  built = await buildReports({
    items: researchItems,
    reports: researchReports,
    siteOrigin: 'https://www.kryon.example',
    outDir,
  });
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Text as extracted, without the line breaks and end-of-line hyphens a layout adds. */
const flat = (text: string) => text.replace(/[\s\u00ad-]+/g, '').toLowerCase();
const fileOf = (id: string) => built.find((report) => report.id === id)?.file ?? '';
/** Each built report read once, however many tests look at it. */
const reads = new Map<string, ReturnType<typeof readPdf>>();
const readBuilt = (id: string) => {
  const read = reads.get(id) ?? readPdf(fileOf(id));
  reads.set(id, read);
  return read;
};

describe.each(researchItems.map((item) => [item.id, item] as const))(
  'the %s report',
  (id, item) => {
    it('is a PDF of several pages with the title, author and language in its metadata', async () => {
      const { pages, info } = await readBuilt(id);
      expect(pages).toBeGreaterThanOrEqual(5);
      expect(info.title).toBe(item.title);
      expect(info.author).toMatch(/\S/);
      expect(readFileSync(fileOf(id)).includes('/Lang (en-US)')).toBe(true);
    });

    it('carries its title, every key finding, its methodology and a link to the demo as text', async () => {
      const text = flat((await readBuilt(id)).texts.join('\n'));
      expect(text).toContain(flat(item.title));
      for (const finding of item.keyFindings) expect(text).toContain(flat(finding));
      expect(text).toContain(flat(item.methodology));
      for (const section of researchReports[id]?.sections ?? []) {
        expect(text).toContain(flat(section.heading));
      }
      expect(text).toContain(flat('https://www.kryon.example/demo'));
    });
  },
);

/*
 * Accessible reports: a tagged PDF (ISO 32000-1, 14.8) whose structure tree a screen reader
 * follows and a phone's reader reflows, read back through pdf.js's structure tree.
 */
describe.each(researchItems.map((item) => [item.id, item] as const))(
  'the %s report, as assistive technology reads it',
  (id, item) => {
    const report = researchReports[id];
    const sectionHeadings = [
      'Abstract',
      'Key findings',
      ...(report?.sections ?? []).map((section) => section.heading),
      'Methodology',
      'Sources',
      'See these findings in your own AWS environment',
    ];
    const texts = (pdf: Awaited<ReturnType<typeof readPdf>>, role: string) =>
      elementsOf(pdf, role).map((element) => element.text);

    it('is tagged, in English, and shows its title in the window', async () => {
      const { info } = await readBuilt(id);
      expect(info).toMatchObject({ tagged: true, language: 'en-US', displayTitle: true });
    });

    it('tags everything it draws, or marks it as an artifact (decoration, running heads, repeated headers)', async () => {
      const pdf = await readBuilt(id);
      expect(pdf.unmarked).toEqual([]);
      const tagged = flat(texts(pdf, 'Document').join(' '));
      expect(tagged).not.toContain(flat('Kryon Research  •'));
      expect(tagged).not.toMatch(/page\d+of\d+/);
    });

    it('has no empty element: no paragraph, cell or label is left behind at the foot of a page', async () => {
      const pdf = await readBuilt(id);
      const empty: string[] = [];
      const walk = (node: PdfStructNode, page: number) => {
        if (node.children.length === 0 && node.text === '')
          empty.push(`page ${page}: ${node.role}`);
        for (const child of node.children) walk(child, page);
      };
      for (const [i, root] of pdf.structure.entries()) if (root) walk(root, i + 1);
      expect(empty).toEqual([]);
    });

    it('has one H1, the title, and an H2 heading and a bookmark for every section, in order', async () => {
      const pdf = await readBuilt(id);
      expect(texts(pdf, 'H1')).toEqual([item.title.replace(/\s+/g, ' ')]);
      expect(texts(pdf, 'H2')).toEqual(sectionHeadings);
      expect(pdf.outline).toEqual(sectionHeadings);
      // Each section is a Sect that opens with its heading.
      const sections = elementsOf(pdf, 'Sect').filter((sect) => sect.children[0]?.role === 'H2');
      expect(sections.map((sect) => sect.children[0]?.text)).toEqual(sectionHeadings);
    });

    it('tags prose as paragraphs and every list item as a labelled list item', async () => {
      const pdf = await readBuilt(id);
      const paragraphs = flat(texts(pdf, 'P').join(' '));
      for (const text of [item.abstract, item.methodology])
        expect(paragraphs).toContain(flat(text));
      for (const section of report?.sections ?? []) {
        for (const text of section.paragraphs) expect(paragraphs).toContain(flat(text));
      }
      const listed = [
        ...item.keyFindings,
        ...item.sources,
        ...(report?.sections ?? []).flatMap((s) => s.bullets ?? []),
      ];
      const bodies = flat(texts(pdf, 'LBody').join(' '));
      for (const text of listed) expect(bodies).toContain(flat(text));
      expect(elementsOf(pdf, 'LI').length).toBeGreaterThanOrEqual(listed.length);
      expect(texts(pdf, 'Lbl')).toHaveLength(listed.length);
      // An item's label and body; on the next page, the rest of a body the page broke.
      for (const li of elementsOf(pdf, 'LI')) {
        expect(['Lbl LBody', 'LBody']).toContain(li.children.map((child) => child.role).join(' '));
      }
    });

    it('tags each table with its caption, column headers and cells', async () => {
      const pdf = await readBuilt(id);
      const tables = (report?.sections ?? []).flatMap((section) => section.table ?? []);
      expect(texts(pdf, 'Caption')).toEqual(tables.map((table) => table.caption));
      // The header row is tagged once; where a table goes on over a page it is an artifact.
      expect(texts(pdf, 'TH')).toEqual(tables.flatMap((table) => table.columns));
      for (const header of elementsOf(pdf, 'TH')) expect(header.scope).toBe('Column');
      const cells = flat(texts(pdf, 'TD').join(' '));
      for (const cell of tables.flatMap((table) => table.rows.flat())) {
        expect(cells).toContain(flat(cell));
      }
    });

    it('tags the link to the demo as a link', async () => {
      const pdf = await readBuilt(id);
      expect(texts(pdf, 'Link')).toEqual(['Request a demo: https://www.kryon.example/demo']);
      expect(pdf.links).toEqual([
        { url: 'https://www.kryon.example/demo', description: 'Request a Kryon demo' },
      ]);
    });
  },
);

describe('the report bodies', () => {
  const require = createRequire(import.meta.url);
  const font = fontkit.openSync(
    require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  ) as fontkit.Font;

  it.each(researchItems.map((item) => item.id))('%s has a body of 1,500-3,000 words', (id) => {
    const body = textsOf(id).slice(bodyStart(id));
    const words = body.join(' ').split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(1_500);
    expect(words).toBeLessThanOrEqual(3_000);
  });

  it.each(researchItems.map((item) => item.id))(
    '%s uses only characters the embedded typeface has',
    (id) => {
      const missing = new Set<string>();
      for (const text of textsOf(id)) {
        for (const char of text) {
          const code = char.codePointAt(0) ?? 0;
          if (!font.hasGlyphForCodePoint(code)) missing.add(`U+${code.toString(16)} ${char}`);
        }
      }
      expect([...missing]).toEqual([]);
    },
  );
});

/** Where the body's strings start in textsOf: after the item's own. */
function bodyStart(id: string): number {
  const item = researchItems.find((candidate) => candidate.id === id);
  return item ? 5 + item.keyFindings.length + item.sources.length : 0;
}

/** Every string a report prints from its item and its body, the item's first. */
function textsOf(id: string): string[] {
  const item = researchItems.find((candidate) => candidate.id === id);
  const report = researchReports[id];
  if (!item || !report) throw new Error(`no item or report ${id}`);
  return [
    item.title,
    item.description,
    item.abstract,
    ...item.keyFindings,
    item.methodology,
    ...item.sources,
    ...report.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.bullets ?? []),
      ...(section.table
        ? [section.table.caption, ...section.table.columns, ...section.table.rows.flat()]
        : []),
    ]),
  ];
}
