import { readFile } from 'node:fs/promises';
// The legacy build is the one pdf.js documents for Node.js; the modern one targets browsers.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A structure element as a reader's assistive technology meets it, with the text it tags. */
export interface PdfStructNode {
  /** Its standard role: `H1`, `P`, `L`, `LI`, `LBody`, `Table`, `TH`, `Sect`... */
  role: string;
  /**
   * The text of every content it tags, its descendants' included, in reading order, with
   * each run of white space (a line the layout broke) one space.
   */
  text: string;
  children: PdfStructNode[];
  /** A table header cell's scope (`Column`, `Row`, `Both`), when it names one. */
  scope?: string;
}

/** What a PDF reader or a search index sees of a document. */
export interface ReadPdf {
  /** The number of pages. */
  pages: number;
  /** Each page's text in reading order, a line break where the layout ends a line. */
  texts: string[];
  /**
   * Each page's structure tree (its root has the role `Root`), or null on a page with none.
   * An element whose content runs over a page appears on each page with that page's part.
   */
  structure: (PdfStructNode | null)[];
  /**
   * What is drawn outside any marked content, so neither tagged nor an artifact, one entry a
   * drawing: `page 2: text "Page 2 of 9"`, `page 1: fill`.
   */
  unmarked: string[];
  /** Every link annotation: where it goes and the description it gives (`/Contents`). */
  links: { url: string; description: string }[];
  /** The bookmarks' titles, depth first. */
  outline: string[];
  info: {
    title?: string;
    author?: string;
    /** The catalogue's `/Lang`, e.g. `en-US`. */
    language?: string;
    /** Whether the document says it is tagged (`/MarkInfo << /Marked true >>`). */
    tagged: boolean;
    /** Whether a reader's window shows the title rather than the file name. */
    displayTitle: boolean;
  };
}

/**
 * Reads a PDF back with pdf.js (Mozilla's reader, pure JavaScript), so the tests that check
 * the built research reports need nothing beyond Node.js (decision 068).
 */
export async function readPdf(source: string | Uint8Array): Promise<ReadPdf> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy, never the caller's.
  const data = typeof source === 'string' ? await readFile(source) : source;
  const loading = getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    // Only text and metadata are read: no fonts to load into a page.
    disableFontFace: true,
  });
  try {
    const document = await loading.promise;
    const { info } = (await document.getMetadata()) as { info: Record<string, unknown> };
    const markInfo = await document.getMarkInfo();
    const preferences = await document.getViewerPreferences();
    const texts: string[] = [];
    const structure: (PdfStructNode | null)[] = [];
    const unmarked: string[] = [];
    const links: ReadPdf['links'] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      let text = '';
      // The marked content each text item is in: its id when it is tagged content.
      const open: (string | null)[] = [];
      const tagged = new Map<string, string>();
      for (const item of content.items) {
        if ('str' in item) {
          const piece = item.str + (item.hasEOL ? '\n' : '');
          text += piece;
          const id = open.findLast((mark) => mark !== null);
          if (id) tagged.set(id, (tagged.get(id) ?? '') + piece);
        } else if (item.type === 'endMarkedContent') open.pop();
        else open.push(item.id || null);
      }
      texts.push(text);
      unmarked.push(...unmarkedDrawing(await page.getOperatorList(), number));
      for (const annotation of await page.getAnnotations()) {
        if (annotation.subtype !== 'Link' || typeof annotation.url !== 'string') continue;
        links.push({ url: annotation.url, description: annotation.contentsObj?.str ?? '' });
      }
      const tree = (await page.getStructTree()) as RawNode | null;
      structure.push(tree ? toNode(tree, tagged) : null);
      page.cleanup();
    }
    return {
      pages: document.numPages,
      texts,
      structure,
      unmarked,
      links,
      outline: titles((await document.getOutline()) ?? []),
      info: {
        title: stringOrUndefined(info.Title),
        author: stringOrUndefined(info.Author),
        language: stringOrUndefined(info.Language),
        tagged: flag(markInfo, 'Marked'),
        displayTitle: flag(preferences, 'DisplayDocTitle'),
      },
    };
  } finally {
    await loading.destroy();
  }
}

/** Every element of the given role, in reading order over all pages. */
export function elementsOf(pdf: ReadPdf, role: string): PdfStructNode[] {
  const found: PdfStructNode[] = [];
  const walk = (node: PdfStructNode) => {
    if (node.role === role) found.push(node);
    for (const child of node.children) walk(child);
  };
  for (const root of pdf.structure) if (root) walk(root);
  return found;
}

const PAINT = new Map<number, string>([
  [OPS.fill, 'fill'],
  [OPS.eoFill, 'fill'],
  [OPS.stroke, 'stroke'],
  [OPS.closeStroke, 'stroke'],
  [OPS.fillStroke, 'fill and stroke'],
  [OPS.eoFillStroke, 'fill and stroke'],
  [OPS.closeFillStroke, 'fill and stroke'],
  [OPS.closeEOFillStroke, 'fill and stroke'],
  [OPS.shadingFill, 'shading'],
  [OPS.paintImageXObject, 'image'],
  [OPS.paintInlineImageXObject, 'image'],
  [OPS.paintImageMaskXObject, 'image'],
]);
const SHOW_TEXT = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

/**
 * The page's drawing operations outside any marked content (`BMC`/`BDC` ... `EMC`). pdf.js
 * folds a path's painting operator into `constructPath`, as its first argument.
 */
function unmarkedDrawing(
  list: { fnArray: number[]; argsArray: unknown[] },
  page: number,
): string[] {
  const found: string[] = [];
  let depth = 0;
  for (const [i, fn] of list.fnArray.entries()) {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.beginMarkedContent || fn === OPS.beginMarkedContentProps) depth += 1;
    else if (fn === OPS.endMarkedContent) depth -= 1;
    else if (depth > 0) continue;
    else if (SHOW_TEXT.has(fn)) found.push(`page ${page}: text "${glyphText(args)}"`);
    else if (fn === OPS.constructPath && PAINT.has(args?.[0] as number)) {
      found.push(`page ${page}: ${PAINT.get(args?.[0] as number)}`);
    } else if (PAINT.has(fn)) found.push(`page ${page}: ${PAINT.get(fn)}`);
  }
  return found;
}

/** A text operator's glyphs as text (the last argument that is a list of glyphs). */
function glyphText(args: unknown[] | null): string {
  const glyphs = (args ?? []).findLast(Array.isArray) as
    | ({ unicode?: string } | number)[]
    | undefined;
  return (glyphs ?? [])
    .map((glyph) => (typeof glyph === 'object' ? (glyph?.unicode ?? '') : ''))
    .join('');
}

/** pdf.js's structure tree: elements with a role, leaves naming a marked content by id. */
type RawNode = {
  role: string;
  children?: (RawNode | { type: string; id: string })[];
  scope?: string;
};

/**
 * The page's part of the tree. pdf.js gives, beside the elements with content on the page,
 * their parents' other children that have none here (a table's caption and header row on
 * each page the table runs over): those are left out.
 */
function toNode(raw: RawNode, tagged: Map<string, string>): PdfStructNode | null {
  const children: PdfStructNode[] = [];
  const parts: string[] = [];
  let content = false;
  for (const child of raw.children ?? []) {
    if ('role' in child) {
      const node = toNode(child, tagged);
      if (!node) continue;
      children.push(node);
      parts.push(node.text);
      content = true;
    } else if (child.type === 'content') {
      parts.push(tagged.get(child.id) ?? '');
      content = true;
    } else if (child.type === 'annotation') content = true;
  }
  if (!content) return null;
  const text = parts
    .join(' ')
    // A word the layout broke after its hyphen ("Cross-\nAccount") is one word again.
    .replace(/(?<=\p{L}-)\s*\n\s*/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { role: raw.role, text, children, ...(raw.scope ? { scope: raw.scope } : {}) };
}

function titles(items: readonly { title: string; items: unknown[] }[]): string[] {
  return items.flatMap((item) => [
    item.title,
    ...titles(item.items as { title: string; items: unknown[] }[]),
  ]);
}

/** pdf.js 6 answers getMarkInfo and getViewerPreferences with Maps, though its types may not. */
function flag(dictionary: unknown, key: string): boolean {
  if (dictionary instanceof Map) return dictionary.get(key) === true;
  return (dictionary as Record<string, unknown> | null)?.[key] === true;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
