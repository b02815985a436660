/**
 * The page count of each built research PDF, by item id: the research plugin of the build
 * (web/scripts/reports/research-plugin.ts) renders the PDFs before the pages are prerendered
 * and serves their counts as this module, for the archive's loader.
 */
declare module 'virtual:kryon/research-report-pages' {
  const pages: Readonly<Record<string, number>>;
  export default pages;
}
