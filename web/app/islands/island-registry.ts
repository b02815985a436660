/**
 * Every island: the parts of a page that React hydrates in the browser, by name. Each loads
 * its component on demand, so a page downloads only the islands it holds. A route places one
 * with <Island> (island.tsx), which renders the same component at build time.
 */
export const ISLANDS = {
  'article-library': () =>
    import('../features/articles/article-library.tsx').then((m) => m.ArticleLibrary),
  'not-found': () => import('./not-found-page.tsx').then((m) => m.NotFoundPage),
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
 * When an island hydrates: `load` as soon as the page is parsed (a part the visitor sees
 * first), `visible` when it comes near the viewport or is touched (a form further down).
 */
export type IslandHydration = 'load' | 'visible';

/** How near the viewport (px) a `visible` island starts hydrating. */
export const NEAR_VIEWPORT_PX = 400;
