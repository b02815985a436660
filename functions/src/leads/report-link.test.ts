import { describe, expect, it } from 'vitest';
import { type ReportLinkClaims, reportLinkUrl, verifyReportLink } from './report-link.ts';

const KEY = 'report-link-key';
const NOW = Date.parse('2026-11-24T10:00:00Z');
const claims: ReportLinkClaims = {
  lead: '6f1c2a0e-8d4b-4c1e-9f55-0a7b3c2d1e00',
  item: 'kev-exposure-prioritization',
  expiresAt: NOW / 1000 + 7 * 86_400,
};
const link = () => new URL(reportLinkUrl('https://www.kryon.example', claims, KEY));
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('personal report links', () => {
  it('names the lead and the report on the API route, and verifies until it expires', () => {
    const url = link();
    expect(url.origin + url.pathname).toBe('https://www.kryon.example/api/email/report');
    expect(queryOf(url)).toMatchObject({ lead: claims.lead, item: claims.item });
    expect(verifyReportLink(queryOf(url), [KEY], NOW)).toEqual({
      ok: true,
      claims,
      names: 'submission-id',
    });
    expect(verifyReportLink(queryOf(url), [KEY], claims.expiresAt * 1000 - 1)).toMatchObject({
      ok: true,
    });
  });

  it('is expired from its expiry on', () => {
    expect(verifyReportLink(queryOf(link()), [KEY], claims.expiresAt * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it.each([
    ['another report', { item: 'imdsv1-ssrf-to-account-admin' }],
    ['another lead', { lead: '6f1c2a0e-8d4b-4c1e-9f55-0a7b3c2d1e01' }],
    ['a later expiry', { expires: String(claims.expiresAt + 86_400) }],
    ['a changed signature', { sig: 'A'.repeat(43) }],
    ['a truncated signature', { sig: undefined }],
    ['no signature', { sig: '' }],
    ['an unknown report', { item: 'passwords' }],
    ['a malformed lead', { lead: '../../etc/passwd' }],
    ['a malformed expiry', { expires: '1e12' }],
  ])('is invalid with %s', (_label, change) => {
    const url = link();
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) {
        const sig = url.searchParams.get(name) ?? '';
        url.searchParams.set(name, sig.slice(0, -5));
      } else url.searchParams.set(name, value);
    }
    expect(verifyReportLink(queryOf(url), [KEY], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is invalid under another key, and an expired link signed with another key is invalid', () => {
    expect(verifyReportLink(queryOf(link()), ['another-key'], NOW)).toMatchObject({
      reason: 'invalid',
    });
    expect(
      verifyReportLink(queryOf(link()), ['another-key'], claims.expiresAt * 1000 + 1),
    ).toMatchObject({ reason: 'invalid' });
  });

  it('stays valid through a rotation of the key: checked with the new key and the previous', () => {
    const query = queryOf(link());
    expect(verifyReportLink(query, ['new-key', KEY], NOW)).toEqual({
      ok: true,
      claims,
      names: 'submission-id',
    });
    expect(verifyReportLink(query, ['new-key'], NOW)).toMatchObject({ reason: 'invalid' });
  });

  it('is invalid with parameters missing', () => {
    expect(verifyReportLink({}, [KEY], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
