import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARTICLES, summarise } from '../content/library.ts';
import { ArticleLibrary } from '../features/articles/article-library.tsx';
import { Island } from '../islands/island.tsx';
import { hydrateIslands } from './islands.tsx';

const articles = ARTICLES.slice(0, 8).map(summarise);

function placeIsland(hydrate?: 'load' | 'visible') {
  document.body.innerHTML = renderToString(
    <main>
      <Island
        name="article-library"
        component={ArticleLibrary}
        props={{ articles }}
        hydrate={hydrate}
      />
    </main>,
  );
  return document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
}

describe('islands', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('are built with their props beside them, every card listed and the filters disabled', () => {
    const island = placeIsland();
    expect(island.dataset.island).toBe('article-library');
    expect(island.dataset.hydrate).toBe('load');
    expect(JSON.parse(island.dataset.props ?? '')).toEqual({ articles });
    expect(island.querySelectorAll('article')).toHaveLength(articles.length);
    expect(island.querySelector('fieldset')?.disabled).toBe(true);
    // React's ids inside the island carry its name, as they will in the browser.
    expect(island.querySelector('input')?.id).toContain('article-library-');
  });

  it('hydrate without a mismatch, mark themselves and then behave', async () => {
    const errors = vi.spyOn(console, 'error');
    const island = placeIsland();
    hydrateIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() => expect(island.querySelector('fieldset')?.disabled).toBe(false));
    // Once live, the list collapses to the first six cards and offers the rest.
    expect(island.querySelectorAll('article')).toHaveLength(6);
    expect(errors).not.toHaveBeenCalled();
  });

  it('wait, when asked to, until the visitor comes near or touches them', async () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const island = placeIsland('visible');
    hydrateIslands(document);
    // The wrapper has no box of its own (display: contents): its contents are observed.
    expect(observed).toEqual([...island.children]);
    expect(observed.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(island.hasAttribute('data-hydrated')).toBe(false);
    island.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    vi.unstubAllGlobals();
  });
});
