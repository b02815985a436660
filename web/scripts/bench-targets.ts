/**
 * How much JavaScript (gzip, loaded with no interaction) each kind of page may load, for
 * `npm run bench:web`: reading pages ship no framework, the landing pages a little motion,
 * and the pages that filter a list or take a form hydrate an island with React only when the
 * visitor starts using it (the budgets for those are the issue's, with React loaded on
 * arrival). The 404 page, outside the sitemap, picks the screen an unknown address calls for
 * with a small script of its own.
 */
/** An address under the security intelligence section that names no article. */
export const UNKNOWN_ARTICLE_PATH = '/security-intelligence/identity-risks/no-such-article';

export type PageKind = 'reading' | 'landing' | 'filter' | 'form' | 'not-found';

const KB = 1024;

export const JS_TARGET_BYTES: Record<PageKind, number> = {
  reading: 5 * KB,
  landing: 15 * KB,
  filter: 75 * KB,
  form: 90 * KB,
  'not-found': 10 * KB,
};

/**
 * Each kind's pages, by pattern. Written as separate rules rather than a first-match chain, so
 * a path two rules both claim is reported instead of quietly taking the first kind.
 */
const RULES: { kind: PageKind; matches: (path: string) => boolean }[] = [
  {
    kind: 'reading',
    matches: (path) =>
      // Articles and category pages, then the reading pages outside the library.
      (path !== UNKNOWN_ARTICLE_PATH && /^\/security-intelligence\/[^/]+(\/[^/]+)?$/.test(path)) ||
      ['/what-we-are', '/privacy'].includes(path),
  },
  {
    kind: 'not-found',
    matches: (path) => path === '/404' || path === UNKNOWN_ARTICLE_PATH,
  },
  { kind: 'landing', matches: (path) => ['/', '/features'].includes(path) },
  {
    kind: 'filter',
    matches: (path) => ['/security-intelligence', '/research-archive'].includes(path),
  },
  {
    kind: 'form',
    matches: (path) => ['/contact', '/become-partner', '/request-access', '/demo'].includes(path),
  },
];

/** The kind of the page at `path`; throws unless exactly one rule claims it. */
export function pageKind(path: string): PageKind {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const kinds = RULES.filter((rule) => rule.matches(normalised)).map((rule) => rule.kind);
  const [kind] = kinds;
  if (kind === undefined || kinds.length > 1) {
    throw new Error(
      `${path}: ${kinds.length === 0 ? 'no page kind' : `page kinds ${kinds.join(', ')}`} ` +
        'in scripts/bench-targets.ts',
    );
  }
  return kind;
}
