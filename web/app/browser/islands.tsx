import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, type IslandName, NEAR_VIEWPORT_PX } from '../islands/island-registry.ts';
import { IslandRoot, islandIdPrefix } from '../islands/island-root.tsx';
import { islandsToHydrate } from '../islands/islands-to-hydrate.ts';

/** A touch that makes a `visible` island hydrate at once. */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/**
 * Hydrates one island: loads its component, reads its props and hydrates its own subtree,
 * marking it `data-hydrated` once React has taken it over.
 */
async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    console.error(`no island named ${name ?? '(none)'}: the page and the registry disagree`);
    return;
  }
  const Component = await ISLANDS[name]();
  const props = JSON.parse(element.dataset.props ?? '{}');
  hydrateRoot(
    element,
    <IslandRoot onHydrated={() => element.setAttribute('data-hydrated', '')}>
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
}

/** Runs `start` once the island comes near the viewport or the visitor touches it. */
function whenVisibleOrTouched(element: HTMLElement, start: () => void): void {
  let started = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once();
    },
    { rootMargin: `${NEAR_VIEWPORT_PX}px 0px` },
  );
  function once() {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of TOUCH_EVENTS) element.removeEventListener(type, once, true);
    start();
  }
  // The wrapper takes no part in the layout (display: contents), so it has no box of its own
  // to intersect: what it holds does.
  const boxes = element.children.length > 0 ? [...element.children] : [element];
  for (const box of boxes) observer.observe(box);
  for (const type of TOUCH_EVENTS) element.addEventListener(type, once, true);
}

/** Hydrates every island the page wants hydrated, each when its `data-hydrate` says. */
export function hydrateIslands(document: Document): void {
  for (const element of islandsToHydrate(document, document.location.pathname)) {
    const start = () => {
      hydrateIsland(element).catch((error: unknown) => console.error(error));
    };
    if (element.dataset.hydrate === 'visible') whenVisibleOrTouched(element, start);
    else start();
  }
}
