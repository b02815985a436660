import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { ResearchItem } from '../../content/library-types.ts';
import type { ReportTable, ResearchReport } from '../../content/research-report-types.ts';
import { formatLongDate } from '../../lib/dates.ts';

/**
 * One research item as a branded PDF: cover, abstract, key findings, the body of the
 * research, methodology, sources and a closing page that points to the demo. Text is real
 * text in the site's own typeface (Inter, embedded), so it can be selected, searched and
 * extracted; the document carries its title, author and language, and is tagged (headings,
 * paragraphs, lists and tables in a structure tree, decoration as artifacts) for assistive
 * technology and reflow.
 */
export interface ReportInput {
  item: ResearchItem;
  report: ResearchReport;
  /** The site's origin, for the closing page's link to the demo. */
  siteOrigin: string;
  /** The site's design tokens (web/app/styles/tokens.css), for the report's colours. */
  tokensCss: string;
}

const require = createRequire(import.meta.url);
const font = (weight: number) =>
  sfntFromWoff(
    readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  );

/**
 * A WOFF font as the plain TrueType/OpenType file it wraps. fontkit reads a WOFF table by
 * inflating it again on every access (each glyph outline, each shaping lookup), which made
 * laying out a report take seconds; the same tables, inflated once, give the same glyphs.
 * WOFF 1.0: a 44-byte header, then per table its tag, offset, compressed and original
 * length and checksum (https://www.w3.org/TR/WOFF/).
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= count) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(searchRange * 16, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(count * 16 - searchRange * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  for (const [i, table] of tables.entries()) {
    const record = 12 + i * 16;
    head.writeUInt32BE(table.tag, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(parts);
}
const FONTS = { regular: font(400), semibold: font(600), bold: font(700) };

/** The colours the report takes from the site: cover, accents, body text. */
export interface ReportColours {
  cover: string;
  coverText: string;
  coverMuted: string;
  accent: string;
  accentStrong: string;
  heading: string;
  text: string;
  muted: string;
  rule: string;
}

/**
 * The site's tokens as the report's colours. The site is dark; the pages of a report are
 * printed on white, so its dark background becomes the cover and the heading colour, and
 * body text is a near-black that reads on paper.
 */
export function reportColours(tokensCss: string): ReportColours {
  const token = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(tokensCss)?.[1];
    if (!value) throw new Error(`tokens.css has no colour --${name}`);
    return value;
  };
  return {
    cover: token('color-bg'),
    coverText: token('color-text'),
    coverMuted: token('color-text-muted'),
    accent: token('color-primary'),
    accentStrong: token('color-indigo'),
    heading: token('color-surface'),
    text: '#1f2937',
    muted: '#4b5563',
    rule: '#d1d5db',
  };
}

const PAGE = { size: 'LETTER' as const, margin: 72 };
const SIZE = { body: 10.5, small: 8.5, h1: 20, h2: 14, h3: 11.5 };

/** A rendered report: the PDF's bytes and how many pages it has. */
export interface RenderedReport {
  pdf: Buffer;
  pages: number;
}

/**
 * Renders the report; resolves to the PDF's bytes and its page count, the number the
 * download dialog shows (the same content always lays out the same pages).
 */
export function renderReport(input: ReportInput): Promise<RenderedReport> {
  const doc = layOut(input);
  const pages = doc.bufferedPageRange().count;
  // The document buffers what it wrote until it is read, so listening now loses nothing.
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<RenderedReport>((resolve, reject) => {
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages }));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

/** A node of the document's structure tree (its tags): a heading, a paragraph, a list... */
type Struct = PDFKit.PDFStructureElement;

// What pdfkit 0.20 takes and @types/pdfkit 0.17 does not name yet.
declare global {
  namespace PDFKit {
    interface PDFOutline {
      /** `top` is from the page's top, as `doc.y`; the view's left edge is `page width - left`. */
      addItem(title: string, options?: { top?: number; left?: number }): PDFOutline;
    }
    namespace Mixins {
      interface StructureElementOptions {
        /** A table header cell's reach: its column, its row or both. */
        scope?: 'Column' | 'Row' | 'Both';
      }
    }
  }
}

/**
 * Every page of the report laid out, numbered and headed, not yet finished. The document is
 * tagged (ISO 32000-1, 14.8): a structure tree holds the title (H1), each section (Sect) with
 * its heading (H2), paragraphs (P), lists (L, LI, Lbl, LBody) and tables (Table, Caption, TR,
 * TH, TD), in reading order; fills, rules, running heads and a table's repeated header are
 * artifacts, which assistive readers skip. Each section is also a bookmark.
 */
function layOut(input: ReportInput): PDFKit.PDFDocument {
  const { item, report, siteOrigin } = input;
  const colours = reportColours(input.tokensCss);
  const published = new Date(`${item.publishedDate}T00:00:00Z`);
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    // Tagged PDF: a structure tree, `/MarkInfo << /Marked true >>`; PDF 1.7 names every tag used.
    tagged: true,
    pdfVersion: '1.7',
    lang: 'en-US',
    // A reader's window shows the title, not the file name (`/DisplayDocTitle`).
    displayTitle: true,
    info: {
      Title: item.title,
      Author: item.authors.map((author) => author.name).join(', '),
      Subject: item.description,
      Keywords: item.tags.join(', '),
      Creator: 'Kryon',
      Producer: 'Kryon research report build',
      // The publication date, so the same content always builds the same document.
      CreationDate: published,
      ModDate: published,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('semibold', FONTS.semibold);
  doc.registerFont('bold', FONTS.bold);
  const root = doc.struct('Document');
  doc.addStructure(root);

  cover(doc, root, item, colours);

  doc.addPage();
  section(doc, root, 'Abstract', colours, (sect) => paragraph(doc, sect, item.abstract, colours));
  section(doc, root, 'Key findings', colours, (sect) =>
    list(doc, sect, item.keyFindings, (i) => `${i + 1}.`, colours),
  );
  for (const part of report.sections) {
    section(doc, root, part.heading, colours, (sect) => {
      for (const text of part.paragraphs) paragraph(doc, sect, text, colours);
      if (part.bullets) list(doc, sect, part.bullets, () => '•', colours);
      if (part.table) table(doc, sect, part.table, colours);
    });
  }
  section(doc, root, 'Methodology', colours, (sect) =>
    paragraph(doc, sect, item.methodology, colours),
  );
  section(doc, root, 'Sources', colours, (sect) =>
    list(doc, sect, item.sources, (i) => `${i + 1}.`, colours),
  );

  doc.addPage();
  closing(doc, root, item, siteOrigin, colours);
  root.end();

  runningHeads(doc, item, colours);
  return doc;
}

/**
 * Adds to `parent` a structure element whose content is what `draw` writes. Nothing that may
 * start a page by hand (`ensureSpace`) runs inside `draw`: pdfkit carries marked content over
 * the page breaks it makes itself, not over `addPage`.
 */
function tag(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  type: string,
  draw: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  parent.add(doc.struct(type, options, draw));
}

/** A structure element that holds others (Sect, L, LI, Table, TR); `end()` it when full. */
function group(doc: PDFKit.PDFDocument, parent: Struct, type: string): Struct {
  const element = doc.struct(type);
  parent.add(element);
  return element;
}

/** Draws decoration, not content: assistive readers and text extraction skip an artifact. */
function artifact(doc: PDFKit.PDFDocument, draw: () => void, type?: 'Pagination' | 'Layout') {
  doc.markContent('Artifact', type ? { type } : undefined);
  draw();
  doc.endMarkedContent();
}

function cover(doc: PDFKit.PDFDocument, root: Struct, item: ResearchItem, c: ReportColours) {
  const { width, height } = doc.page;
  artifact(doc, () => {
    doc.rect(0, 0, width, height).fill(c.cover);
    doc.rect(0, 0, width, 8).fill(c.accent);
  });
  const left = PAGE.margin;
  const textWidth = width - 2 * PAGE.margin;

  tag(doc, root, 'P', () => {
    doc.font('bold').fontSize(11).fillColor(c.accent);
    doc.text('KRYON RESEARCH', left, 96, { characterSpacing: 2 });
  });
  doc.moveDown(2.5);
  tag(doc, root, 'P', () => {
    doc.font('semibold').fontSize(12).fillColor(c.coverMuted);
    doc.text(`${item.type}  •  ${item.category}  •  ${item.impact} impact`, { width: textWidth });
  });
  doc.moveDown(0.8);
  tag(doc, root, 'H1', () => {
    doc.font('bold').fontSize(28).fillColor(c.coverText);
    doc.text(item.title, { width: textWidth, lineGap: 4 });
  });
  doc.moveDown(1);
  tag(doc, root, 'P', () => {
    doc.font('regular').fontSize(12.5).fillColor(c.coverMuted);
    doc.text(item.description, { width: textWidth, lineGap: 3 });
  });

  doc.y = height - 250;
  const ruleTop = doc.y;
  artifact(doc, () => doc.rect(left, ruleTop, 48, 3).fill(c.accentStrong));
  doc.moveDown(1.2);
  tag(doc, root, 'P', () => {
    doc.font('semibold').fontSize(11).fillColor(c.coverText);
    doc.text(`Published ${formatLongDate(item.publishedDate)}`, left);
  });
  doc.moveDown(0.8);
  for (const author of item.authors) {
    tag(doc, root, 'P', () => {
      doc.font('semibold').fontSize(11).fillColor(c.coverText).text(author.name, left);
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(c.coverMuted)
        .text(`${author.title}, ${author.company}`, left);
    });
    doc.moveDown(0.5);
  }
}

/** A bookmark that opens this page at the cursor, the view's left edge at the page's. */
function bookmark(doc: PDFKit.PDFDocument, title: string) {
  // pdfkit places the view's left edge at `page width - left`: the page's width gives 0.
  doc.outline.addItem(title, { top: doc.y, left: doc.page.width });
}

/** A section: its heading (also a bookmark), then what `body` adds to it. */
function section(
  doc: PDFKit.PDFDocument,
  root: Struct,
  title: string,
  c: ReportColours,
  body: (sect: Struct) => void,
) {
  const sect = group(doc, root, 'Sect');
  heading(doc, sect, title, c);
  body(sect);
  sect.end();
}

/** A section heading, kept with at least a few lines of what follows it. */
function heading(doc: PDFKit.PDFDocument, sect: Struct, text: string, c: ReportColours) {
  ensureSpace(doc, 90);
  doc.moveDown(0.8);
  bookmark(doc, text);
  tag(doc, sect, 'H2', () => {
    doc.font('bold').fontSize(SIZE.h2).fillColor(c.heading);
    doc.text(text, PAGE.margin, doc.y, { width: contentWidth(doc) });
  });
  const y = doc.y + 3;
  artifact(doc, () =>
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + 40, y)
      .lineWidth(2)
      .strokeColor(c.accent)
      .stroke(),
  );
  doc.moveDown(0.7);
}

/** A paragraph of the body, and the space after it. */
function paragraph(doc: PDFKit.PDFDocument, parent: Struct, text: string, c: ReportColours) {
  prose(doc, parent, text, { size: SIZE.body, colour: c.text, lineGap: 2.5 });
  doc.moveDown(0.6);
}

/** A paragraph of prose at the cursor, across the text column. */
function prose(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  text: string,
  style: { size: number; colour: string; lineGap?: number },
) {
  // A paragraph whose first line does not fit starts on the next page, tag and all: left to
  // pdfkit, its tag would open empty at the foot of this one.
  doc.font('regular').fontSize(style.size);
  ensureSpace(doc, doc.currentLineHeight(true));
  tag(doc, parent, 'P', () => {
    doc.font('regular').fontSize(style.size).fillColor(style.colour);
    doc.text(text, PAGE.margin, doc.y, { width: contentWidth(doc), lineGap: style.lineGap ?? 0 });
  });
}

/** A list (numbered or bulleted by `marker`): each item its label and its body. */
function list(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  items: readonly string[],
  marker: (index: number) => string,
  c: ReportColours,
) {
  const indent = 18;
  const l = group(doc, parent, 'L');
  for (const [i, text] of items.entries()) {
    ensureSpace(doc, 30);
    const top = doc.y;
    const li = group(doc, l, 'LI');
    tag(doc, li, 'Lbl', () => {
      doc.font('semibold').fontSize(SIZE.body).fillColor(c.accentStrong);
      doc.text(marker(i), PAGE.margin, top, { width: indent, lineBreak: false });
    });
    tag(doc, li, 'LBody', () => {
      doc.font('regular').fontSize(SIZE.body).fillColor(c.text);
      doc.text(text, PAGE.margin + indent, top, {
        width: contentWidth(doc) - indent,
        lineGap: 2.5,
      });
    });
    li.end();
    doc.moveDown(0.35);
  }
  l.end();
  doc.moveDown(0.3);
}

/**
 * A table of figures: a caption, a header row whose cells head their columns, rows that never
 * split across pages, and the header again (an artifact) at the top of a page the table
 * continues on.
 */
function table(doc: PDFKit.PDFDocument, parent: Struct, data: ReportTable, c: ReportColours) {
  const width = contentWidth(doc);
  const columnWidth = width / data.columns.length;
  const padding = 5;
  const font = (header: boolean) =>
    doc
      .font(header ? 'semibold' : 'regular')
      .fontSize(SIZE.small + 0.5)
      .fillColor(header ? c.heading : c.text);
  const heightOf = (cells: readonly string[], header: boolean) => {
    font(header);
    return Math.max(
      ...cells.map(
        (cell) => doc.heightOfString(cell, { width: columnWidth - 2 * padding }) + 2 * padding,
      ),
    );
  };
  /** One row at the cursor; `cell` tags each cell's text, and then the row's rules are artifacts. */
  const row = (
    cells: readonly string[],
    header: boolean,
    cell?: (index: number, draw: () => void) => void,
  ) => {
    const height = heightOf(cells, header);
    const top = doc.y;
    const decorate = (draw: () => void) => (cell ? artifact(doc, draw) : draw());
    if (header) decorate(() => doc.rect(PAGE.margin, top, width, height).fill('#eef2f7'));
    cells.forEach((text, i) => {
      const draw = () => {
        font(header);
        doc.text(text, PAGE.margin + i * columnWidth + padding, top + padding, {
          width: columnWidth - 2 * padding,
        });
      };
      if (cell) cell(i, draw);
      else draw();
    });
    decorate(() =>
      doc
        .moveTo(PAGE.margin, top + height)
        .lineTo(PAGE.margin + width, top + height)
        .lineWidth(0.5)
        .strokeColor(c.rule)
        .stroke(),
    );
    doc.x = PAGE.margin;
    doc.y = top + height;
  };

  // The caption, the header and a few rows start together.
  ensureSpace(doc, 140);
  doc.moveDown(0.3);
  const element = group(doc, parent, 'Table');
  tag(doc, element, 'Caption', () => {
    doc
      .font('semibold')
      .fontSize(SIZE.small + 0.5)
      .fillColor(c.muted);
    doc.text(data.caption, PAGE.margin, doc.y, { width });
  });
  doc.moveDown(0.4);
  const head = group(doc, element, 'TR');
  row(data.columns, true, (_, draw) => tag(doc, head, 'TH', draw, { scope: 'Column' }));
  head.end();
  for (const cells of data.rows) {
    if (!ensureSpace(doc, heightOf(cells, false) + 4)) {
      artifact(doc, () => row(data.columns, true), 'Pagination');
    }
    const tr = group(doc, element, 'TR');
    row(cells, false, (_, draw) => tag(doc, tr, 'TD', draw));
    tr.end();
  }
  element.end();
  doc.moveDown(0.8);
}

function closing(
  doc: PDFKit.PDFDocument,
  root: Struct,
  item: ResearchItem,
  origin: string,
  c: ReportColours,
) {
  const width = contentWidth(doc);
  const demo = new URL('/demo', origin).toString();
  const title = 'See these findings in your own AWS environment';
  const sect = group(doc, root, 'Sect');
  doc.y = 180;
  bookmark(doc, title);
  tag(doc, sect, 'H2', () => {
    doc.font('bold').fontSize(SIZE.h1).fillColor(c.heading);
    doc.text(title, PAGE.margin, doc.y, { width });
  });
  doc.moveDown(0.8);
  prose(
    doc,
    sect,
    `The figures in "${item.title}" come from environments like yours. A Kryon demo runs the same analysis on your accounts: it maps the paths, exposures and gaps this report describes, ranks them by what an attacker could reach, and shows the fix for each.`,
    { size: SIZE.body + 1, colour: c.text, lineGap: 3 },
  );
  doc.moveDown(1.2);
  const top = doc.y;
  artifact(doc, () => doc.rect(PAGE.margin, top, width, 44).fill(c.cover));
  // The Link element holds the text and the link annotation, which has a description of its
  // own (`/Contents`) for a reader that lists the links; the whole box is the target.
  const call = group(doc, sect, 'P');
  const link = group(doc, call, 'Link');
  link.add(() => {
    doc.font('semibold').fontSize(12).fillColor(c.accent);
    doc.text(`Request a demo: ${demo}`, PAGE.margin + 16, top + 15, { width: width - 32 });
  });
  doc.link(PAGE.margin, top, width, 44, demo, {
    structParent: link,
    Contents: new String('Request a Kryon demo'),
  } as object);
  link.end();
  call.end();
  doc.y = top + 60;
  prose(
    doc,
    sect,
    'Figures are aggregates over organizations that opted into anonymized Kryon research telemetry; no figure describes a single named organization.',
    { size: SIZE.small + 0.5, colour: c.muted },
  );
  sect.end();
}

/** Page numbers and the report's name on every page but the cover, as pagination artifacts. */
function runningHeads(doc: PDFKit.PDFDocument, item: ResearchItem, c: ReportColours) {
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start + 1; i < range.start + total; i += 1) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    // Writing in the margins must not move the cursor or add a page.
    const margins = { ...doc.page.margins };
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    artifact(
      doc,
      () => {
        doc.font('regular').fontSize(SIZE.small).fillColor(c.muted);
        doc.text(`Kryon Research  •  ${item.type}`, PAGE.margin, 36, {
          width: width - 2 * PAGE.margin,
          lineBreak: false,
        });
        doc.text(`Page ${i + 1} of ${total}`, PAGE.margin, height - 48, {
          width: width - 2 * PAGE.margin,
          align: 'right',
          lineBreak: false,
        });
      },
      'Pagination',
    );
    doc.page.margins = margins;
  }
}

function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - 2 * PAGE.margin;
}

/** Starts a new page unless `needed` points still fit; false when it started one. */
function ensureSpace(doc: PDFKit.PDFDocument, needed: number): boolean {
  if (doc.y + needed <= doc.page.height - PAGE.margin) return true;
  doc.addPage();
  return false;
}
