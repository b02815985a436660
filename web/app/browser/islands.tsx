import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, type IslandName } from '../islands/island-registry.ts';
import { IslandRoot, islandIdPrefix } from '../islands/island-root.tsx';
import { showIslandFailure } from './island-failure.ts';

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/**
 * Hydrates one island: loads its component, reads its props and hydrates its own subtree,
 * marking it `data-hydrated` once React has taken it over; then runs `onHydrated`.
 */
export async function hydrateIsland(element: HTMLElement, onHydrated = () => {}): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    throw new Error(`no island named ${name ?? '(none)'}: the page and the registry disagree`);
  }
  const Component = await ISLANDS[name]();
  const props = JSON.parse(element.dataset.props ?? '{}');
  hydrateRoot(
    element,
    <IslandRoot
      onHydrated={() => {
        element.setAttribute('data-hydrated', '');
        onHydrated();
      }}
    >
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
}

/** Hydrates at once each island given (those the page hydrates on load). */
export function hydrateIslands(islands: readonly HTMLElement[]): void {
  for (const island of islands) {
    hydrateIsland(island).catch((error: unknown) => showIslandFailure(island, error));
  }
}
