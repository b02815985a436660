import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { islandCopy } from '../content/island-copy.ts';
import { ARTICLES, summarise } from '../content/library.ts';
import { ArticleLibrary } from '../features/articles/article-library.tsx';
import { Island } from '../islands/island.tsx';
import { startIslands } from './start-islands.ts';

const articles = ARTICLES.slice(0, 8).map(summarise);

function placeIsland() {
  document.body.innerHTML = renderToString(
    <main>
      <Island name="article-library" component={ArticleLibrary} props={{ articles }} />
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
    startIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() => expect(island.querySelector('fieldset')?.disabled).toBe(false));
    // Once live, the list collapses to the first six cards and offers the rest.
    expect(island.querySelectorAll('article')).toHaveLength(6);
    expect(errors).not.toHaveBeenCalled();
  });

  it('say so in place, and log why, when their code cannot be loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const island = placeIsland();
    // The page names an island the registry does not know: nothing to load.
    island.dataset.island = 'no-such-island';
    startIslands(document);
    await vi.waitFor(() => expect(island.querySelector('[role=alert]')).not.toBeNull());
    expect(island.querySelector('[role=alert]')?.textContent).toBe(islandCopy.failed);
    expect(errors).toHaveBeenCalledWith(
      'the no-such-island island could not load',
      expect.objectContaining({ message: expect.stringContaining('no island named') }),
    );
  });
});
