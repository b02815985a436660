import { type ReactNode, useEffect } from 'react';
import type { IslandName } from './island-registry.ts';

/**
 * The root of every island's tree, the same at build time and in the browser, so the ids
 * React derives from the tree's shape agree. It reports when the island has hydrated.
 */
export function IslandRoot({
  children,
  onHydrated,
}: {
  children: ReactNode;
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}

/** React's ids inside an island start with its name, so two islands never share one. */
export function islandIdPrefix(name: IslandName): string {
  return `${name}-`;
}
