// @vitest-environment node

import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESEARCH,
  type ResearchContent,
  readResearchFolder,
  researchContent,
} from '../../app/content/research-items.ts';
import { researchArchiveData } from '../../app/features/research/archive-data.ts';
import { SITE } from '../../app/site-config.ts';
import { type BuiltReport, buildReports } from './build-reports.ts';
import { readPdf } from './read-pdf.ts';
import { catalogueJson } from './research-catalogue.ts';
import { reportPagesModule } from './research-plugin.ts';

/*
 * Adding a research report is adding one file. The loader is pointed at the research folder
 * plus one fixture file, and every reader of the research (the archive's data, the download
 * dialog's previews, the functions' catalogue and the PDF build) sees the extra report. The
 * same build shows that the page count the dialog shows is the built PDF's, read back with
 * pdf.js as a visitor's reader would.
 */
const FIXTURE_DIR = new URL('./fixtures/research/', import.meta.url);
const EXTRA = 's3-access-points-fixture-report';

let work: string;
let content: ResearchContent;
let built: BuiltReport[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kryon-research-'));
  content = researchContent({
    ...readResearchFolder(new URL('../../app/content/research/', import.meta.url)),
    ...readResearchFolder(FIXTURE_DIR),
  });
  built = await buildReports({
    items: content.items,
    reports: content.reports,
    siteOrigin: SITE.origin,
    outDir: join(work, 'reports'),
  });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The page count of a built PDF, as pdf.js reads the file. */
async function pdfPages(file: string): Promise<number> {
  return (await readPdf(file)).pages;
}

/** The archive's data as its loader builds it, from the plugin's page-count module. */
async function archiveDataOf(research: ResearchContent, reports: readonly BuiltReport[]) {
  const module = join(work, `pages-${reports.length}.mjs`);
  writeFileSync(module, reportPagesModule(reports));
  const { default: pages } = (await import(pathToFileURL(module).href)) as {
    default: Record<string, number>;
  };
  return researchArchiveData(research, pages);
}

describe('a research report added as one file', () => {
  it('is one more item than the research folder holds', () => {
    expect(content.items.map((item) => item.id)).toEqual(
      [...RESEARCH.items.map((item) => item.id), EXTRA].sort(),
    );
  });

  it('is in the archive data and the download dialog previews', async () => {
    const data = await archiveDataOf(content, built);
    expect(data.items.find((item) => item.id === EXTRA)?.title).toBe(
      'Fixture Report: S3 Access Points Left Open',
    );
    expect(data.previews[EXTRA]?.highlights[0]).toBe('A report added by one file');
    expect(data.previews[EXTRA]?.pages).toBeGreaterThan(0);
  });

  it('is in the catalogue the download function imports', async () => {
    // The catalogue module as shared/ has it, beside the JSON the build would write.
    copyFileSync(
      new URL('../../../shared/src/research-catalogue.ts', import.meta.url),
      join(work, 'research-catalogue.ts'),
    );
    writeFileSync(join(work, 'research-catalogue.json'), catalogueJson(content.items));
    const catalogue = (await import(
      pathToFileURL(join(work, 'research-catalogue.ts')).href
    )) as typeof import('@kryon/shared/research-catalogue');
    expect(catalogue.RESEARCH_DOWNLOAD_IDS).toContain(EXTRA);
    expect(catalogue.findResearchDownload(EXTRA)?.title).toBe(
      'Fixture Report: S3 Access Points Left Open',
    );
    expect(catalogue.RESEARCH_DOWNLOADS).toHaveLength(content.items.length);
  });

  it('is in the PDF build output, a PDF of its own', async () => {
    const report = built.find((candidate) => candidate.id === EXTRA);
    expect(report?.file).toBe(join(work, 'reports', `${EXTRA}.pdf`));
    expect(await pdfPages(report?.file ?? '')).toBe(report?.pages);
  });
});

describe('the download dialog page count', () => {
  it('is, for every report, the page count of the PDF the visitor receives', async () => {
    const real = built.filter((report) => report.id !== EXTRA);
    const data = await archiveDataOf(RESEARCH, real);
    expect(Object.keys(data.previews).sort()).toEqual(RESEARCH.items.map((i) => i.id).sort());
    for (const report of real) {
      expect(data.previews[report.id]?.pages, report.id).toBe(await pdfPages(report.file));
    }
    // Reads every report whole: under a second here, more on a loaded machine.
  }, 30_000);
});
