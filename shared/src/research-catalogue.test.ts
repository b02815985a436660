import { describe, expect, it } from 'vitest';
import {
  downloadPath,
  findResearchDownload,
  RESEARCH_DOWNLOAD_IDS,
  RESEARCH_DOWNLOADS,
} from './research-catalogue.ts';

describe('RESEARCH_DOWNLOADS', () => {
  it('holds the seven research items with unique ids and titles', () => {
    expect(RESEARCH_DOWNLOAD_IDS).toEqual([
      'q3-2026-privilege-escalation-report',
      'lambda-function-url-exposure-november-2026',
      'admin-ports-exposure-october-2026',
      'imdsv1-ssrf-to-account-admin',
      'kev-exposure-prioritization',
      'payments-cross-account-exfiltration-case-study',
      'continuous-compliance-evidence-aws',
    ]);
    expect(RESEARCH_DOWNLOADS.map((item) => item.id)).toEqual(RESEARCH_DOWNLOAD_IDS);
    expect(new Set(RESEARCH_DOWNLOADS.map((item) => item.title)).size).toBe(7);
  });

  it('finds an item by id', () => {
    expect(findResearchDownload('imdsv1-ssrf-to-account-admin')?.title).toBe(
      'From SSRF to Account Admin: Instance Metadata Credential Theft in Practice',
    );
    expect(findResearchDownload('nope')).toBeUndefined();
  });
});

describe('downloadPath', () => {
  it('falls back to /downloads/{id}.pdf (spec section 9)', () => {
    expect(downloadPath('kev-exposure-prioritization')).toBe(
      '/downloads/kev-exposure-prioritization.pdf',
    );
  });

  it("uses the item's own downloadUrl when it has one", () => {
    const catalogue = [
      { id: 'a', title: 'A', downloadUrl: 'https://cdn.example/a-v2.pdf' },
      { id: 'b', title: 'B' },
    ];
    expect(downloadPath('a', catalogue)).toBe('https://cdn.example/a-v2.pdf');
    expect(downloadPath('b', catalogue)).toBe('/downloads/b.pdf');
  });

  it('keeps an unexpected id inside the downloads folder', () => {
    expect(downloadPath('../secret', [])).toBe('/downloads/..%2Fsecret.pdf');
  });
});
