import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates an island, true from the render right
 * after. An island hydrates after the page has painted (on load, or as it comes near), and
 * never without JavaScript, so until then its controls must not pretend to work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
