import type { Plugin } from 'vite';
import type { ResearchContent } from '../../app/content/research-items.ts';
import { type BuiltReport, buildReports } from './build-reports.ts';
import { writeResearchCatalogue } from './research-catalogue.ts';

export const REPORT_PAGES_MODULE = 'virtual:kryon/research-report-pages';
const RESOLVED = `\0${REPORT_PAGES_MODULE}`;

export interface ResearchPluginOptions {
  content: ResearchContent;
  /**
   * The site's origin, for each report's link to the demo, where the build has no
   * VITE_SITE_ORIGIN: the app reads that variable (app/site-config.ts), and so does this.
   */
  siteOrigin: string;
  /** Where the PDFs go: beside the site's build, never in it (docs/decisions/030). */
  outDir: string;
}

/** The module the archive's loader imports: each built PDF's page count, by item id. */
export function reportPagesModule(built: readonly BuiltReport[]): string {
  const pages = Object.fromEntries(built.map((report) => [report.id, report.pages]));
  return `export default ${JSON.stringify(pages)};\n`;
}

/**
 * The research files' part of the build (docs/decisions/069), from the one folder
 * app/content/research/:
 * - as the build starts, before anything is bundled, it brings
 *   shared/src/research-catalogue.json up to date, the ids and titles the download form and
 *   the functions import;
 * - the first time a bundle imports `virtual:kryon/research-report-pages` (the archive's
 *   loader does), it builds every report's PDF into `outDir`, once, and answers with their
 *   page counts. So the PDFs exist before the pages are prerendered, and the download
 *   dialog's "N pages" is the count of the very file the visitor receives.
 */
export function researchPlugin(options: ResearchPluginOptions): Plugin {
  let built: Promise<BuiltReport[]> | undefined;
  let siteOrigin = options.siteOrigin;
  return {
    name: 'kryon-research',
    configResolved(config) {
      // The variables the app's import.meta.env holds, .env files included.
      siteOrigin = config.env.VITE_SITE_ORIGIN ?? options.siteOrigin;
    },
    buildStart() {
      if (writeResearchCatalogue(options.content.items)) {
        this.info('shared/src/research-catalogue.json rewritten from app/content/research/');
      }
    },
    resolveId(id) {
      return id === REPORT_PAGES_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      built ??= timed(() =>
        buildReports({
          items: options.content.items,
          reports: options.content.reports,
          siteOrigin,
          outDir: options.outDir,
        }),
      );
      return reportPagesModule(await built);
    },
  };
}

async function timed(build: () => Promise<BuiltReport[]>): Promise<BuiltReport[]> {
  const started = performance.now();
  const built = await build();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${built.length} research reports built in ${seconds} s, before prerendering`);
  return built;
}
