import { type ReactNode, useEffect } from 'react';

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
