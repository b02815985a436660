// @vitest-environment node
import { FEED_PATH } from '@kryon/shared/site-files';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ARTICLES } from './content/library.ts';
import { atomFeed, type FeedArticle } from './feed.ts';

const ORIGIN = 'https://kryon.example';

interface Link {
  '@rel'?: string;
  '@href': string;
  '@type'?: string;
}
interface Text {
  '#text': string;
  '@type'?: string;
}
interface Entry {
  id: string;
  title: Text;
  link: Link[];
  published: string;
  updated: string;
  summary: Text;
  category: { '@term': string; '@label': string; '@scheme': string }[];
}
interface Feed {
  '@xmlns': string;
  id: string;
  title: Text;
  updated: string;
  link: Link[];
  author: { name: string };
  entry: Entry[];
}

/** Keeps text exactly as written, and lists repeatable Atom elements as arrays. */
function parse(xml: string): Feed {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    textNodeName: '#text',
    alwaysCreateTextNode: false,
    isArray: (name) => ['entry', 'link', 'category'].includes(name),
  }).parse(xml).feed as Feed;
}

/** RFC 3339 date-time, as Atom's date constructs require. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe('Atom feed of the library', () => {
  const xml = atomFeed(ARTICLES, ORIGIN);
  const feed = parse(xml);

  it('is well-formed XML in the Atom namespace', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  });

  it('has the required feed elements: id, title, updated, author and a self link', () => {
    expect(feed.id).toMatch(/^tag:kryon\.security,2025:/);
    expect(feed.title['#text']).toBe('Kryon Security Intelligence');
    expect(feed.updated).toMatch(RFC3339);
    expect(feed.author.name).toBe('Kryon');
    expect(feed.link).toContainEqual({
      '@rel': 'self',
      '@type': 'application/atom+xml',
      '@href': `${ORIGIN}${FEED_PATH}`,
    });
    expect(feed.link).toContainEqual({
      '@rel': 'alternate',
      '@type': 'text/html',
      '@href': `${ORIGIN}/security-intelligence`,
    });
  });

  it('lists every article of the library once, under unique ids', () => {
    expect(feed.entry).toHaveLength(ARTICLES.length);
    const ids = feed.entry.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(feed.id);
    expect(feed.entry.map((e) => e.link[0]?.['@href']).sort()).toEqual(
      ARTICLES.map((a) => `${ORIGIN}${a.url}`).sort(),
    );
  });

  it('gives each entry its id, title, link, dates, summary and category', () => {
    for (const article of ARTICLES) {
      const entry = feed.entry.find((e) => e.link[0]?.['@href'] === `${ORIGIN}${article.url}`);
      expect(entry, article.id).toBeDefined();
      if (!entry) continue;
      expect(entry.id).toBe(`tag:kryon.security,2025:security-intelligence/${article.id}`);
      expect(entry.title).toEqual({ '#text': article.title, '@type': 'text' });
      expect(entry.link[0]?.['@rel']).toBe('alternate');
      expect(entry.published).toBe(`${article.publishedDate}T00:00:00Z`);
      expect(entry.updated).toMatch(RFC3339);
      expect(entry.summary).toEqual({ '#text': article.description, '@type': 'text' });
      expect(entry.category).toEqual([
        {
          '@term': article.categorySlug,
          '@label': article.category,
          '@scheme': `${ORIGIN}/security-intelligence/`,
        },
      ]);
    }
  });

  it('is as recent as its newest entry, and lists the most recently updated first', () => {
    const updated = feed.entry.map((e) => e.updated);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(feed.updated).toBe(updated[0]);
  });

  it('uses only absolute URLs on the configured origin', () => {
    const hrefs = [...xml.matchAll(/(?:href|scheme)="([^"]+)"|<(?:uri|icon)>([^<]+)</g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(hrefs.length).toBeGreaterThan(ARTICLES.length);
    for (const href of hrefs) expect(href?.startsWith(`${ORIGIN}/`), href).toBe(true);
  });
});

describe('Atom feed edge cases', () => {
  const base: FeedArticle = {
    id: 'a',
    title: 'Tom & Jerry <script>alert("x")</script> ]]>',
    description: "It's < 5 & > 3",
    category: 'Attack Paths',
    categorySlug: 'attack-paths',
    url: '/security-intelligence/attack-paths/a',
    publishedDate: '2026-01-02',
  };

  it('carries markup characters in titles and summaries as text, still well-formed', () => {
    const xml = atomFeed([base], ORIGIN);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<script>');
    const [entry] = parse(xml).entry;
    expect(entry?.title['#text']).toBe(base.title);
    expect(entry?.summary['#text']).toBe(base.description);
  });

  it('dates an entry by its update when it has one, and the feed by the newest update', () => {
    const older = { ...base, id: 'b', publishedDate: '2025-05-05', updatedDate: '2026-06-01' };
    const feed = parse(atomFeed([base, older], ORIGIN));
    expect(feed.entry.map((e) => e.id.split('/').pop())).toEqual(['b', 'a']);
    expect(feed.entry[0]?.published).toBe('2025-05-05T00:00:00Z');
    expect(feed.entry[0]?.updated).toBe('2026-06-01T00:00:00Z');
    expect(feed.updated).toBe('2026-06-01T00:00:00Z');
  });

  it('is still a valid feed with no articles', () => {
    const xml = atomFeed([], ORIGIN);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parse(xml).updated).toMatch(RFC3339);
  });
});
