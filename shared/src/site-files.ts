import { SPECULATION_RULES_CONTENT_TYPE, SPECULATION_RULES_PATH } from './speculation-rules.ts';

/**
 * Files the web build writes beside its pages that need a content type of their own. The
 * build writes them (web/react-router.config.ts), and both servers send these types: the
 * local server (functions/local) and the S3 upload behind CloudFront (infra). Guessing by
 * extension would serve the feed as generic XML, security.txt without its charset, and the
 * speculation rules as plain JSON, which browsers ignore.
 */

/** The Atom feed of the security-intelligence library. */
export const FEED_PATH = '/security-intelligence/feed.xml';

/** RFC 9116: the security contact file, always at this path. */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';

export const FEED_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** URL path -> Content-Type. */
export const SITE_FILE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  [FEED_PATH]: FEED_CONTENT_TYPE,
  [SECURITY_TXT_PATH]: 'text/plain; charset=utf-8',
  [SPECULATION_RULES_PATH]: SPECULATION_RULES_CONTENT_TYPE,
};
