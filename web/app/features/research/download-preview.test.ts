import { describe, expect, it } from 'vitest';
import { researchItems } from '../../content/research-items.ts';
import { difficultyFor, pageCount } from './download-preview.ts';

describe('pageCount', () => {
  it('is between 10 and 39 for any id', () => {
    const ids = [...researchItems.map((item) => item.id), '', 'a', 'x'.repeat(500), 'ünïcödé-id'];
    for (const id of ids) {
      const pages = pageCount(id);
      expect(Number.isInteger(pages), id).toBe(true);
      expect(pages, id).toBeGreaterThanOrEqual(10);
      expect(pages, id).toBeLessThanOrEqual(39);
    }
  });

  it('is the same every time for the same item', () => {
    for (const item of researchItems) expect(pageCount(item.id)).toBe(pageCount(item.id));
  });

  it('differs between items, so it does not read as a fixed number', () => {
    const counts = new Set(researchItems.map((item) => pageCount(item.id)));
    expect(counts.size).toBeGreaterThan(3);
  });

  it('spreads over the whole range', () => {
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => pageCount(`item-${i}`)));
    expect(Math.min(...seen)).toBe(10);
    expect(Math.max(...seen)).toBe(39);
    expect(seen.size).toBe(30);
  });
});

describe('difficultyFor', () => {
  it('maps impact to difficulty', () => {
    expect(difficultyFor('Critical')).toBe('Advanced');
    expect(difficultyFor('High')).toBe('Advanced');
    expect(difficultyFor('Medium')).toBe('Intermediate');
    expect(difficultyFor('Low')).toBe('Beginner');
    expect(difficultyFor('Unrated')).toBe('Beginner');
  });
});
