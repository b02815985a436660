import { describe, expect, it } from 'vitest';
import { isFilled, sectionProgress } from './section-progress.ts';

describe('isFilled', () => {
  it('counts non-blank text, non-empty lists and checked boxes', () => {
    expect(isFilled('Ada')).toBe(true);
    expect(isFilled(['education'])).toBe(true);
    expect(isFilled(true)).toBe(true);
  });

  it('does not count blank text, empty lists, unchecked boxes or nothing', () => {
    expect(isFilled('')).toBe(false);
    expect(isFilled(' \n\t ')).toBe(false);
    expect(isFilled([])).toBe(false);
    expect(isFilled(false)).toBe(false);
    expect(isFilled(undefined)).toBe(false);
    expect(isFilled(null)).toBe(false);
  });
});

describe('sectionProgress', () => {
  const fields = ['fullName', 'workEmail', 'companyVerticals', 'consentProcessing'];

  it('counts the filled fields of the section only', () => {
    const values = { fullName: 'Ada', workEmail: ' ', companyVerticals: ['education'], other: 'x' };
    expect(sectionProgress(values, fields)).toEqual({ done: 2, total: 4, complete: false });
  });

  it('is complete when every field is filled', () => {
    const values = {
      fullName: 'Ada',
      workEmail: 'ada@example.com',
      companyVerticals: ['education'],
      consentProcessing: true,
    };
    expect(sectionProgress(values, fields)).toEqual({ done: 4, total: 4, complete: true });
  });
});
