// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { elementsOf, readPdf } from './read-pdf.ts';

/** A two-page PDF made here, so what the reader must find is known. */
function makePdf(options: { tagged: boolean }): Promise<Uint8Array> {
  const doc = new PDFDocument({
    lang: 'de-CH',
    tagged: options.tagged,
    info: { Title: 'Zwei Seiten – über Prüfungen', Author: 'Ada Lovelace' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.text('First page, first line.');
  doc.text('First page, second line.');
  doc.addPage();
  doc.text('Second page: grüße.');
  doc.end();
  return done;
}

const scratch = mkdtempSync(join(tmpdir(), 'read-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('readPdf', () => {
  it('reads the pages, each page’s text and the metadata from bytes', async () => {
    const pdf = await readPdf(await makePdf({ tagged: true }));
    expect(pdf.pages).toBe(2);
    expect(pdf.texts).toHaveLength(2);
    expect(pdf.texts[0]).toMatch(/First page, first line\.\s+First page, second line\./);
    expect(pdf.texts[0]).not.toContain('Second page');
    expect(pdf.texts[1]).toContain('Second page: grüße.');
    expect(pdf.info).toEqual({
      title: 'Zwei Seiten – über Prüfungen',
      author: 'Ada Lovelace',
      language: 'de-CH',
      tagged: true,
      displayTitle: false,
    });
  });

  it('reads a file by its path, and tells an untagged document', async () => {
    const bytes = await makePdf({ tagged: false });
    const file = join(scratch, 'untagged.pdf');
    writeFileSync(file, bytes);
    const pdf = await readPdf(file);
    expect(pdf.pages).toBe(2);
    expect(pdf.info.tagged).toBe(false);
    // The caller's bytes are left as they were (pdf.js takes over the buffer it is given).
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await readPdf(bytes)).pages).toBe(2);
  });

  it('reads the structure tree with the text each element tags, the bookmarks, and what is drawn unmarked', async () => {
    const doc = new PDFDocument({ tagged: true, displayTitle: true, info: { Title: 'Tags' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => doc.on('end', resolve));
    const root = doc.struct('Document');
    doc.addStructure(root);
    doc.outline.addItem('The heading');
    root.add(doc.struct('H1', {}, () => doc.text('The heading')));
    const table = doc.struct('Table');
    root.add(table);
    const row = doc.struct('TR');
    table.add(row);
    row.add(doc.struct('TH', { scope: 'Column' }, () => doc.text('Cross-\nAccount')));
    row.end();
    table.end();
    // A paragraph the page breaks: its element has a part on each page.
    const long = Array.from({ length: 80 }, (_, i) => `Line ${i + 1}.`).join('\n');
    root.add(doc.struct('P', {}, () => doc.text(long)));
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.text('Page 2 of 2');
    doc.endMarkedContent();
    doc.text('Drawn outside any tag.');
    doc.rect(10, 10, 20, 20).fill('#000000');
    root.end();
    doc.end();
    await done;

    const pdf = await readPdf(new Uint8Array(Buffer.concat(chunks)));
    expect(pdf.info).toMatchObject({ tagged: true, displayTitle: true });
    expect(pdf.outline).toEqual(['The heading']);
    expect(elementsOf(pdf, 'H1').map((h) => h.text)).toEqual(['The heading']);
    // A word broken after its hyphen is read as one word; the scope comes through.
    expect(elementsOf(pdf, 'TH')).toMatchObject([{ text: 'Cross-Account', scope: 'Column' }]);
    // The table's empty copy on page 2 is left out: only the paragraph goes on there.
    expect(pdf.structure[1]?.children.map((child) => child.role)).toEqual(['Document']);
    expect(pdf.structure[1]?.children[0]?.children.map((child) => child.role)).toEqual(['P']);
    const parts = elementsOf(pdf, 'P').map((p) => p.text);
    expect(parts).toHaveLength(2);
    expect(parts.join(' ')).toBe(long.replace(/\n/g, ' '));
    expect(
      elementsOf(pdf, 'Document')
        .map((d) => d.text)
        .join(' '),
    ).not.toContain('Page 2 of 2');
    expect(pdf.unmarked).toEqual(['page 2: text "Drawn outside any tag."', 'page 2: fill']);
  });

  it('refuses what is not a PDF', async () => {
    await expect(readPdf(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });
});
