/** What a route module may say about its page in its `handle` export. */
export interface PageHandle {
  /**
   * False for a page that runs no framework in the browser: it is complete as built, and the
   * site script (app/browser/site.ts) is all it loads.
   */
  hydrate?: boolean;
}
