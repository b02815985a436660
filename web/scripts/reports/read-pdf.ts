import { readFile } from 'node:fs/promises';
// The legacy build is the one pdf.js documents for Node.js; the modern one targets browsers.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF reader or a search index sees of a document. */
export interface ReadPdf {
  /** The number of pages. */
  pages: number;
  /** Each page's text in reading order, a line break where the layout ends a line. */
  texts: string[];
  info: {
    title?: string;
    author?: string;
    /** The catalogue's `/Lang`, e.g. `en-US`. */
    language?: string;
    /** Whether the document says it is tagged (`/MarkInfo << /Marked true >>`). */
    tagged: boolean;
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
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      texts.push(text);
      page.cleanup();
    }
    return {
      pages: document.numPages,
      texts,
      info: {
        title: stringOrUndefined(info.Title),
        author: stringOrUndefined(info.Author),
        language: stringOrUndefined(info.Language),
        tagged: marked(markInfo),
      },
    };
  } finally {
    await loading.destroy();
  }
}

/** pdf.js 6 answers getMarkInfo with a Map, though its types still say a plain object. */
function marked(markInfo: unknown): boolean {
  if (markInfo instanceof Map) return markInfo.get('Marked') === true;
  return (markInfo as { Marked?: unknown } | null)?.Marked === true;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
