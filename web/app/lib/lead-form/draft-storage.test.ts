import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, isBlankDraft, readDraft, writeDraft } from './draft-storage.ts';

const template = { name: '', interests: [] as string[], consent: false, size: '' };

beforeEach(() => sessionStorage.clear());

describe('draft storage', () => {
  it('writes the template fields only and reads them back', () => {
    writeDraft('partner', template, {
      name: 'Grace',
      interests: ['mssp'],
      consent: true,
      size: '',
      website: 'spam',
      startedAt: 123,
    });
    const raw = sessionStorage.getItem(draftKey('partner')) ?? '';
    expect(raw).not.toContain('spam');
    expect(raw).not.toContain('startedAt');
    expect(readDraft('partner', template)).toEqual({
      name: 'Grace',
      interests: ['mssp'],
      consent: true,
      size: '',
    });
  });

  it('removes the draft when the form is blank again', () => {
    writeDraft('partner', template, { ...template, name: 'Grace' });
    expect(sessionStorage.getItem(draftKey('partner'))).not.toBeNull();
    writeDraft('partner', template, { ...template, name: '   ' });
    expect(sessionStorage.getItem(draftKey('partner'))).toBeNull();
  });

  it('keeps drafts of different forms apart and clears one', () => {
    writeDraft('partner', template, { ...template, name: 'Grace' });
    writeDraft('demo', template, { ...template, name: 'Ada' });
    clearDraft('partner');
    expect(readDraft('partner', template)).toBeNull();
    expect(readDraft('demo', template)).toEqual({ ...template, name: 'Ada' });
  });

  it('ignores corrupt entries, unknown fields and values of the wrong kind', () => {
    sessionStorage.setItem(draftKey('partner'), '{not json');
    expect(readDraft('partner', template)).toBeNull();
    sessionStorage.setItem(draftKey('partner'), JSON.stringify(['Grace']));
    expect(readDraft('partner', template)).toBeNull();
    sessionStorage.setItem(
      draftKey('partner'),
      JSON.stringify({ name: 42, interests: ['mssp', 7], consent: 'yes', size: '1-10', x: 'y' }),
    );
    expect(readDraft('partner', template)).toEqual({ size: '1-10' });
  });

  it('treats empty text, empty lists and unticked boxes as blank', () => {
    expect(isBlankDraft({ a: '', b: [], c: false, d: ' \n' })).toBe(true);
    expect(isBlankDraft({ a: '', b: ['x'] })).toBe(false);
    expect(isBlankDraft({ c: true })).toBe(false);
  });
});
