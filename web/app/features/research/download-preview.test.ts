import { describe, expect, it } from 'vitest';
import { difficultyFor } from './download-preview.ts';

describe('difficultyFor', () => {
  it('maps impact to difficulty', () => {
    expect(difficultyFor('Critical')).toBe('Advanced');
    expect(difficultyFor('High')).toBe('Advanced');
    expect(difficultyFor('Medium')).toBe('Intermediate');
    expect(difficultyFor('Low')).toBe('Beginner');
    expect(difficultyFor('Unrated')).toBe('Beginner');
  });
});
