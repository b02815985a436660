import { describe, expect, it } from 'vitest';
import type { StoredLead } from './lead.ts';
import { requeuedEmails } from './requeue.ts';

const lead = (emails: StoredLead['emails']) => ({ emails }) as StoredLead;

describe('requeuedEmails', () => {
  it('owes an abandoned sales notification again, its attempts counted from zero', () => {
    const abandoned = {
      status: 'abandoned' as const,
      attempts: 14,
      error: 'MessageRejected: address blacklisted',
    };
    expect(requeuedEmails(lead({ sales: abandoned }))).toEqual({
      sales: { status: 'failed', attempts: 0, error: 'MessageRejected: address blacklisted' },
    });
  });

  it('leaves an abandoned visitor confirmation as it is, and a lead with nothing abandoned alone', () => {
    const visitor = { status: 'abandoned' as const, attempts: 14 };
    expect(
      requeuedEmails(lead({ sales: { status: 'abandoned', attempts: 14 }, visitor })),
    ).toMatchObject({ sales: { status: 'failed' }, visitor: { status: 'abandoned' } });
    expect(
      requeuedEmails(lead({ sales: { status: 'sent', attempts: 1 }, visitor })),
    ).toBeUndefined();
    expect(requeuedEmails(lead({}))).toBeUndefined();
  });
});
