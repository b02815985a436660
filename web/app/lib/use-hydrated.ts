import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from the render right after.
 * The page's scripts start only after its first paint (scripts/defer-hydration.ts), so for a
 * moment the page shows controls that do nothing yet.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
