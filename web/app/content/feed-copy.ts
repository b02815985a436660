import { intelligencePageCopy } from './intelligence-page.ts';

/** The Atom feed of the security-intelligence library, as feed readers list it. */
export const feedCopy = {
  title: 'Kryon Security Intelligence',
  // The library page's own description: the feed is that page's articles, newest first.
  subtitle: intelligencePageCopy.meta.description,
} as const;
