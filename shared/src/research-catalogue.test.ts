import { describe, expect, it } from 'vitest';
import catalogue from './research-catalogue.json' with { type: 'json' };
import {
  findResearchDownload,
  RESEARCH_DOWNLOAD_IDS,
  RESEARCH_DOWNLOADS,
} from './research-catalogue.ts';

// How many reports there are is the research folder's business (web/app/content/research/);
// web/scripts/reports/research-catalogue.test.ts checks this file against it.
describe('RESEARCH_DOWNLOADS', () => {
  it('holds the generated catalogue: research items with unique ids and titles', () => {
    expect(RESEARCH_DOWNLOADS).toEqual(catalogue.reports);
    expect(RESEARCH_DOWNLOADS.length).toBeGreaterThan(0);
    expect(RESEARCH_DOWNLOAD_IDS).toEqual(RESEARCH_DOWNLOADS.map((item) => item.id));
    expect(new Set(RESEARCH_DOWNLOAD_IDS).size).toBe(RESEARCH_DOWNLOADS.length);
    expect(new Set(RESEARCH_DOWNLOADS.map((item) => item.title)).size).toBe(
      RESEARCH_DOWNLOADS.length,
    );
    for (const id of RESEARCH_DOWNLOAD_IDS) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('finds an item by id', () => {
    expect(findResearchDownload('imdsv1-ssrf-to-account-admin')?.title).toBe(
      'From SSRF to Account Admin: Instance Metadata Credential Theft in Practice',
    );
    expect(findResearchDownload('nope')).toBeUndefined();
  });
});
