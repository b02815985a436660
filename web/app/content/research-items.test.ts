// @vitest-environment node
import { RESEARCH_DOWNLOADS } from '@kryon/shared/research-catalogue';
import { describe, expect, it } from 'vitest';
import { researchDownloadPreviews, researchItems } from './research-items.ts';

describe('research items and the shared download catalogue', () => {
  it('hold the same items with the same titles, so every card can be downloaded', () => {
    const catalogue = RESEARCH_DOWNLOADS.map(({ id, title }) => ({ id, title }));
    const content = researchItems.map(({ id, title }) => ({ id, title }));
    expect([...content].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...catalogue].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('give every item a download preview of 3 highlights and 4 contents lines', () => {
    for (const item of researchItems) {
      const preview = researchDownloadPreviews[item.id];
      expect(preview, item.id).toBeDefined();
      expect(preview?.highlights).toHaveLength(3);
      expect(preview?.contents).toHaveLength(4);
    }
  });
});
