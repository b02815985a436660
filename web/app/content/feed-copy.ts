/**
 * The Atom feed of the security-intelligence library, as feed readers list it. Every page's
 * head names the title (lib/seo.ts), so this module imports nothing: the subtitle, the
 * library page's own description, is added by the build that writes the feed (app/feed.ts).
 */
export const feedCopy = {
  title: 'Kryon Security Intelligence',
} as const;
