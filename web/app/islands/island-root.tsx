import { type ReactNode, useEffect } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import type { IslandName } from './island-registry.ts';

/**
 * The root of every island's tree, the same at build time and in the browser, so the ids
 * React derives from the tree's shape agree. It reports when the island is live: after the
 * render that follows hydration, in which every control built disabled for lack of React
 * (useHydrated) has been enabled, so a press answered then reaches its handler.
 */
export function IslandRoot({
  children,
  onHydrated,
}: {
  children: ReactNode;
  onHydrated?: () => void;
}) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onHydrated?.();
  }, [hydrated, onHydrated]);
  return children;
}

/** React's ids inside an island start with its name, so two islands never share one. */
export function islandIdPrefix(name: IslandName): string {
  return `${name}-`;
}
