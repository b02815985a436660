import { showIslandFailure } from './island-failure.ts';

/**
 * Starts the page's islands. One that hydrates on load fetches React and its code at once;
 * one that waits for the visitor's first touch (a form, a list) gets a small script that
 * makes its controls work meanwhile, and React only when the visitor starts.
 */
export function startIslands(document: Document): void {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const onLoad = islands.filter((island) => island.dataset.hydrate !== 'touch');
  const onTouch = islands.filter((island) => island.dataset.hydrate === 'touch');
  // The loader itself not arriving (the network) is said in each island it was to start.
  const failed = (islands: HTMLElement[]) => (error: unknown) => {
    for (const island of islands) showIslandFailure(island, error);
  };
  if (onLoad.length > 0) {
    import('./islands.tsx')
      .then(({ hydrateIslands }) => hydrateIslands(onLoad))
      .catch(failed(onLoad));
  }
  if (onTouch.length > 0) {
    import('./touch-islands.ts')
      .then(({ awaitTouch }) => awaitTouch(onTouch))
      .catch(failed(onTouch));
  }
}
