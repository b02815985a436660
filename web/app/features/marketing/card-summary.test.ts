// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { capabilities } from '../../content/capabilities.ts';
import { featureCards } from '../../content/feature-cards.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import { findCardDetail } from './card-detail-content.ts';
import { summariseDetailCard, summariseModule, summariseTheme } from './card-summary.ts';

const summaries = [
  ...modules.map(summariseModule),
  ...problemThemes.map(summariseTheme),
  ...capabilities.map((card) => summariseDetailCard('capability', card)),
  ...featureCards.map((card) => summariseDetailCard('feature', card)),
];

describe('card summaries', () => {
  it('leave the long detail copy out of what pages ship', () => {
    expect(summaries).toHaveLength(15);
    for (const summary of summaries) {
      expect(summary).not.toHaveProperty('expandedContent');
      expect(JSON.stringify(summary).length).toBeLessThan(1200);
    }
  });

  it('name modules by product and keep their area and three bullets', () => {
    const module = modules.find((entry) => entry.id === 'core');
    if (!module) throw new Error('The core module is missing');
    const core = summariseModule(module);
    expect(core).toMatchObject({ kind: 'module', id: 'core', title: 'Kryon Core' });
    expect(core.eyebrow).toBe(module.title);
    expect(core.bullets).toHaveLength(3);
    expect(summaries.filter((summary) => summary.isBeta).map((summary) => summary.id)).toEqual([
      'defend',
    ]);
  });

  it('each find their detail again, in the layout of their kind', () => {
    for (const summary of summaries) {
      const found = findCardDetail(summary.kind, summary.id);
      expect(found?.layout).toBe(summary.kind === 'theme' ? 'theme' : 'card');
    }
    expect(findCardDetail('module', 'unknown')).toBeUndefined();
  });
});
