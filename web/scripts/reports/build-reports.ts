import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResearchItem } from '../../app/content/library-types.ts';
import type { ResearchReport } from '../../app/content/research-report-types.ts';
import { renderReport } from './render-report.ts';

export interface BuiltReport {
  id: string;
  file: string;
  bytes: number;
}

export interface BuildReportsOptions {
  items: readonly ResearchItem[];
  reports: Readonly<Record<string, ResearchReport>>;
  siteOrigin: string;
  /** Where the PDFs go: outside the public site, which never serves them itself. */
  outDir: string;
}

/**
 * Every research item's report as `<outDir>/<id>.pdf`. The directory is beside the site's
 * build, not in it: a report is handed out only through a visitor's personal, signed link.
 */
export async function buildReports(options: BuildReportsOptions): Promise<BuiltReport[]> {
  const tokensCss = await readFile(new URL('../../app/styles/tokens.css', import.meta.url), 'utf8');
  await mkdir(options.outDir, { recursive: true });
  return Promise.all(
    options.items.map(async (item) => {
      const report = options.reports[item.id];
      if (!report) throw new Error(`research item ${item.id} has no report body`);
      const pdf = await renderReport({ item, report, siteOrigin: options.siteOrigin, tokensCss });
      const file = join(options.outDir, `${item.id}.pdf`);
      await writeFile(file, pdf);
      return { id: item.id, file, bytes: pdf.length };
    }),
  );
}
