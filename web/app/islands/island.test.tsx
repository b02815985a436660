import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { researchDownloadPreviews, researchItems } from '../content/research-items.ts';
import { ResearchLibrary } from '../features/research/research-library.tsx';
import { Island } from './island.tsx';

describe('Island', () => {
  it('writes props that survive JSON unchanged beside the island', () => {
    const props = { items: researchItems, previews: researchDownloadPreviews };
    const html = renderToString(
      <Island name="research-library" component={ResearchLibrary} props={props} />,
    );
    const wrapper = document.createElement('div');
    wrapper.innerHTML = html;
    const island = wrapper.querySelector<HTMLElement>('[data-island="research-library"]');
    expect(JSON.parse(island?.dataset.props ?? '')).toStrictEqual(props);
  });

  it('refuses, at build time, props that JSON would change, naming the island and the prop', () => {
    const items = researchItems.map((item, index) =>
      index === 3 ? { ...item, publishedDate: new Date(item.publishedDate) } : item,
    );
    // What TypeScript would refuse too; a prop typed loosely (unknown, an interface) would not be.
    const props = { items, previews: researchDownloadPreviews } as never;
    expect(() =>
      renderToString(<Island name="research-library" component={ResearchLibrary} props={props} />),
    ).toThrow(
      'island "research-library": props.items[3].publishedDate is a Date, not plain JSON data',
    );
  });

  it('refuses a function among the props', () => {
    const props = {
      items: researchItems,
      previews: researchDownloadPreviews,
      onDownload: () => {},
    } as never;
    expect(() =>
      renderToString(<Island name="research-library" component={ResearchLibrary} props={props} />),
    ).toThrow('island "research-library": props.onDownload is a function, not plain JSON data');
  });
});
