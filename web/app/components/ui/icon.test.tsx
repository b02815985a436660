import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon } from './icon.tsx';
import { GLYPHS } from './icon-glyphs.ts';
import { PICTOGRAMS } from './icon-pictograms.ts';
import { Pictogram } from './pictogram.tsx';

afterEach(cleanup);

/** The whole set, as the pages see it: every glyph and every pictogram by name. */
const ICON_PATHS: Readonly<Record<string, readonly string[]>> = { ...GLYPHS, ...PICTOGRAMS };
const ICON_NAMES = [...Object.keys(GLYPHS), ...Object.keys(PICTOGRAMS)];

describe('the icon set', () => {
  it('has a drawing for every icon name', () => {
    expect(Object.keys(ICON_PATHS).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) {
      const paths = ICON_PATHS[name] ?? [];
      expect(paths.length).toBeGreaterThan(0);
      for (const d of paths) expect(d).toMatch(/^M[\d.-]/);
    }
  });

  it('gives each name to one drawing only', () => {
    expect(Object.keys(PICTOGRAMS).filter((name) => Object.hasOwn(GLYPHS, name))).toEqual([]);
  });

  it('renders a decorative SVG with one path per stroke', () => {
    const { container } = render(<Pictogram name="graph" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelectorAll('path')).toHaveLength(PICTOGRAMS.graph.length);
  });

  it('draws glyphs with a 2 px line at 20 px and pictograms with a 1.8 px line at 24 px', () => {
    const { container } = render(
      <>
        <Icon name="close" />
        <Pictogram name="graph" />
        <Icon name="chevron-down" size={16} weight="light" />
      </>,
    );
    const [glyph, pictogram, light] = container.querySelectorAll('svg');
    expect([glyph?.getAttribute('width'), glyph?.getAttribute('stroke-width')]).toEqual([
      '20',
      '2',
    ]);
    expect([pictogram?.getAttribute('width'), pictogram?.getAttribute('stroke-width')]).toEqual([
      '24',
      '1.8',
    ]);
    expect([light?.getAttribute('width'), light?.getAttribute('stroke-width')]).toEqual([
      '16',
      '1.8',
    ]);
  });

  it('names a labelled icon as an image', () => {
    const { getByRole } = render(<Icon name="shield" label="Secure" />);
    const svg = getByRole('img', { name: 'Secure' });
    expect(svg.getAttribute('aria-hidden')).toBeNull();
  });
});
