import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { capabilities } from '../../content/capabilities.ts';
import { companyPageCopy } from '../../content/company-page.ts';
import { featureCards } from '../../content/feature-cards.ts';
import { featuresPageCopy } from '../../content/features-page.ts';
import { homePageCopy } from '../../content/home-page.ts';
import { ICON_NAMES } from '../../content/marketing-types.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import { MARKETING_ICON_PATHS, MarketingIcon } from './marketing-icon.tsx';

afterEach(cleanup);

describe('MarketingIcon', () => {
  it('has a drawing for every icon name of the content', () => {
    expect(Object.keys(MARKETING_ICON_PATHS).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) {
      const paths = MARKETING_ICON_PATHS[name];
      expect(paths.length).toBeGreaterThan(0);
      for (const d of paths) expect(d).toMatch(/^M[\d.-]/);
    }
  });

  it('covers every icon the pages use', () => {
    const used = [
      ...modules,
      ...problemThemes,
      ...capabilities,
      ...featureCards,
      ...homePageCopy.pillars,
      ...featuresPageCopy.builtForScale.items,
      ...companyPageCopy.values.items,
    ].map((item) => item.icon);
    for (const name of used) expect(MARKETING_ICON_PATHS[name]).toBeDefined();
  });

  it('renders a decorative SVG with one path per stroke', () => {
    const { container } = render(<MarketingIcon name="graph" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelectorAll('path')).toHaveLength(MARKETING_ICON_PATHS.graph.length);
  });
});
