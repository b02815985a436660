// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { readPdf } from './read-pdf.ts';

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

  it('refuses what is not a PDF', async () => {
    await expect(readPdf(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });
});
