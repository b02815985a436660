/**
 * Every island: the parts of a page that React hydrates in the browser, by name. Each loads
 * its component on demand, so a page downloads only the islands it holds. A route places one
 * with <Island> (island.tsx), which renders the same component at build time.
 */
export const ISLANDS = {
  'article-library': () =>
    import('../features/articles/article-library.tsx').then((m) => m.ArticleLibrary),
  'research-library': () =>
    import('../features/research/research-library.tsx').then((m) => m.ResearchLibrary),
  'contact-form': () =>
    import('../features/lead-forms/contact-form.tsx').then((m) => m.ContactForm),
  'partner-form': () =>
    import('../features/lead-forms/partner-form.tsx').then((m) => m.PartnerForm),
  'beta-form': () => import('../features/lead-forms/beta-form.tsx').then((m) => m.BetaForm),
  'demo-request': () =>
    import('../features/lead-forms/demo-request.tsx').then((m) => m.DemoRequestJourney),
} as const;

export type IslandName = keyof typeof ISLANDS;

export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>;

/**
 * When an island hydrates: `load` as soon as the page is parsed (for a part that must be right
 * on arrival; no page needs one today), `touch` at the visitor's first focus, press or
 * keystroke in it (the forms, the filtered lists). A `touch` island's controls marked with
 * `liveBeforeHydration` work from the start: what is typed before React takes over is kept,
 * and a press is answered once it has (app/browser/touch-islands.ts).
 */
export type IslandHydration = 'load' | 'touch';
