import { describe, expect, it } from 'vitest';
import {
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
