import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResearchContent } from '../../app/content/research-items.ts';
import { renderReport } from '../../app/features/research/render-report.server.ts';

export interface BuiltReport {
  id: string;
  file: string;
  bytes: number;
  /** The PDF's page count: the number the download dialog shows for it. */
  pages: number;
}

export interface BuildReportsOptions extends Pick<ResearchContent, 'items' | 'reports'> {
  siteOrigin: string;
  /** Where the PDFs go: outside the public site, which never serves them itself. */
  outDir: string;
}

/**
 * Every research item's report as `<outDir>/<id>.pdf`, one per file of
 * app/content/research/. The directory is beside the site's build, not in it: a report is
 * handed out only through a visitor's personal, signed link.
 */
export async function buildReports(options: BuildReportsOptions): Promise<BuiltReport[]> {
  const tokensCss = await readFile(new URL('../../app/styles/tokens.css', import.meta.url), 'utf8');
  await mkdir(options.outDir, { recursive: true });
  return Promise.all(
    options.items.map(async (item) => {
      const report = options.reports[item.id];
      if (!report) throw new Error(`research item ${item.id} has no report body`);
      const { pdf, pages } = await renderReport({
        item,
        report,
        siteOrigin: options.siteOrigin,
        tokensCss,
      });
      const file = join(options.outDir, `${item.id}.pdf`);
      await writeFile(file, pdf);
      return { id: item.id, file, bytes: pdf.length, pages };
    }),
  );
}
