// @vitest-environment node
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugify } from '../paths.ts';
import { ARTICLE_SOURCES } from './articles.ts';
import { ARTICLES, buildLibrary, CATEGORIES, findArticle, proseWordCount } from './library.ts';
import { ARTICLE_CATEGORIES, MODULE_NAMES, SEVERITIES } from './library-types.ts';

const articleFiles = readdirSync(fileURLToPath(new URL('./articles', import.meta.url)));

describe('the article library', () => {
  it('is every Markdown file in articles/, each under its file name, and nothing else', () => {
    expect(articleFiles.every((f) => f.endsWith('.md'))).toBe(true);
    expect(ARTICLE_SOURCES.map((a) => `${a.id}.md`).sort()).toEqual([...articleFiles].sort());
  });

  it('holds at least 30 articles, at least 3 in each of the seven categories', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(30);
    for (const category of CATEGORIES) {
      expect(category.articleCount, category.displayName).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses the slugs of the seven categories', () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([
      'infrastructure-security',
      'serverless-security',
      'identity-risks',
      'attack-paths',
      'vulnerability-intelligence',
      'data-protection',
      'compliance',
    ]);
    expect(slugify('Identity Risk(s)')).toBe('identity-risks');
  });

  it.each(ARTICLES.map((a) => [a.id, a] as const))('%s is complete', (_id, article) => {
    expect(article.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(article.title.length).toBeGreaterThan(10);
    expect(article.title.length).toBeLessThanOrEqual(100);
    expect(article.description.length).toBeGreaterThan(40);
    expect(article.description.length).toBeLessThanOrEqual(240);
    expect(ARTICLE_CATEGORIES).toContain(article.category);
    expect(SEVERITIES).toContain(article.severity);
    expect(article.mitreAttack).toMatch(/^T\d{4}(\.\d{3})? \S/);
    expect(article.audience.length).toBeGreaterThan(5);
    expect(article.kryonSolution.length).toBeGreaterThan(0);
    for (const module of article.kryonSolution) expect(MODULE_NAMES).toContain(module);
    expect(new Set(article.kryonSolution).size).toBe(article.kryonSolution.length);
    expect(article.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(article.publishedDate))).toBe(false);
    expect(article.tags.length).toBeGreaterThanOrEqual(3);
    expect(proseWordCount(article.body)).toBeGreaterThanOrEqual(600);
    expect(article.body).toMatch(/^## \S/m);
    expect(JSON.stringify(article)).not.toMatch(/lorem ipsum|\bTBD\b|\bTODO\b/i);
    expect(article.url).toBe(`/security-intelligence/${article.categorySlug}/${article.id}`);
    expect(article.readTime).toMatch(/^\d+ min read$/);
  });

  it('has unique ids and titles', () => {
    expect(new Set(ARTICLES.map((a) => a.id)).size).toBe(ARTICLES.length);
    expect(new Set(ARTICLES.map((a) => a.title)).size).toBe(ARTICLES.length);
  });

  it('features the first five, newest first, and links each to its neighbours', () => {
    expect(ARTICLES.filter((a) => a.featured).map((a) => a.id)).toEqual(
      ARTICLES.slice(0, 5).map((a) => a.id),
    );
    const dates = ARTICLES.map((a) => a.publishedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    ARTICLES.forEach((article, i) => {
      expect(article.prevArticle).toBe(ARTICLES[i - 1]?.id ?? null);
      expect(article.nextArticle).toBe(ARTICLES[i + 1]?.id ?? null);
    });
  });

  it('finds an article only under its own category', () => {
    const [first] = ARTICLES;
    if (!first) throw new Error('no articles');
    expect(findArticle(first.categorySlug, first.id)?.id).toBe(first.id);
    const other = CATEGORIES.find((c) => c.slug !== first.categorySlug);
    expect(findArticle(other?.slug ?? '', first.id)).toBeUndefined();
  });

  it('derives read time from the words of the body', () => {
    const [built] = buildLibrary([
      {
        id: 'x',
        title: 'A test article',
        description: 'd',
        category: 'Compliance',
        severity: 'Low',
        mitreAttack: 'T1530 Data from Cloud Storage',
        audience: 'a',
        kryonSolution: ['Kryon Core'],
        publishedDate: '2026-01-01',
        tags: [],
        body: Array(1000).fill('word').join(' '),
      },
    ]);
    expect(built?.readTime).toBe('5 min read');
    expect(built?.featured).toBe(true);
  });
});
