import { useSyncExternalStore } from 'react';
import { localIsoDate } from './dates.ts';

const neverChanges = () => () => {};

/**
 * Today's date once the page runs in a browser, and null while it is prerendered or
 * hydrated. The HTML is rendered at build time, so anything relative to "now" (relative
 * dates, NEW labels) must not be in it: hydration would disagree with it the next day.
 */
export function useToday(): string | null {
  return useSyncExternalStore(neverChanges, localIsoDate, () => null);
}
