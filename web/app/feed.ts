import { FEED_PATH } from '@kryon/shared/site-files';
import { feedCopy } from './content/feed-copy.ts';
import { intelligencePageCopy } from './content/intelligence-page.ts';
import type { Article } from './content/library-types.ts';
import { escapeXml } from './lib/xml.ts';
import { PATHS } from './paths.ts';
import { SITE } from './site-config.ts';

/**
 * Ids are tag URIs (RFC 4151), not article URLs: an Atom id must never change, and a URL
 * does when the site is served from another origin or an article moves to another category.
 * The authority is the domain Kryon held when the library started.
 */
const TAG_PREFIX = 'tag:kryon.security,2025:security-intelligence';

export type FeedArticle = Pick<
  Article,
  'id' | 'title' | 'description' | 'category' | 'categorySlug' | 'url' | 'publishedDate'
> & {
  /** YYYY-MM-DD of the last substantive change; the publication date when absent. */
  updatedDate?: string;
};

/** A YYYY-MM-DD content date as the RFC 3339 date-time Atom requires (midnight UTC). */
function dateTime(day: string): string {
  return `${day}T00:00:00Z`;
}

function updatedOf(article: FeedArticle): string {
  return article.updatedDate ?? article.publishedDate;
}

/**
 * The library as an Atom 1.0 feed (RFC 4287), every article with its summary, dates and
 * category, the most recently updated first. Plain-text constructs (`type="text"`) because titles and summaries
 * are plain text: readers must show `<` and `&` in them literally, never as markup. The
 * feed's `updated` is the newest article's, not the build's, so a rebuild with no new
 * article does not make readers re-fetch.
 */
export function atomFeed(articles: readonly FeedArticle[], origin: string): string {
  const url = (path: string) => escapeXml(new URL(path, origin).toString());
  const sorted = [...articles].sort((a, b) => updatedOf(b).localeCompare(updatedOf(a)));
  const newest = sorted[0];
  // An empty library still needs a valid `updated`; the epoch says "nothing yet".
  const updated = newest ? dateTime(updatedOf(newest)) : '1970-01-01T00:00:00Z';
  // scheme + term is the category page's URL.
  const scheme = url(`${PATHS.intelligence}/`);
  const entries = sorted.map((article) =>
    [
      '  <entry>',
      `    <id>${TAG_PREFIX}/${escapeXml(article.id)}</id>`,
      `    <title type="text">${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url(article.url)}"/>`,
      `    <published>${dateTime(article.publishedDate)}</published>`,
      `    <updated>${dateTime(updatedOf(article))}</updated>`,
      `    <summary type="text">${escapeXml(article.description)}</summary>`,
      `    <category term="${escapeXml(article.categorySlug)}" label="${escapeXml(article.category)}" scheme="${scheme}"/>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${TAG_PREFIX}</id>`,
    `  <title type="text">${escapeXml(feedCopy.title)}</title>`,
    `  <subtitle type="text">${escapeXml(intelligencePageCopy.meta.description)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${url(FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${url(PATHS.intelligence)}"/>`,
    `  <author><name>${escapeXml(SITE.name)}</name><uri>${url('/')}</uri></author>`,
    `  <icon>${url('/favicon.svg')}</icon>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
