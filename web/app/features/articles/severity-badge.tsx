import type { Severity } from '../../content/library-types.ts';

/**
 * A file of its own: the article page needs the badge but not the cards, whose module brings
 * the whole library page's copy (about 3 KB gzip) into every article's initial JavaScript.
 */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return <span className={`severity severity--${severity.toLowerCase()}`}>{severity}</span>;
}
