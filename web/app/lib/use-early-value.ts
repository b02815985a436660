import { type RefObject, useLayoutEffect } from 'react';

/**
 * A controlled field of an island that hydrates at the visitor's first touch: what they typed
 * or chose before React took it over is in the page, not in React's state, and React would
 * set the field back to the state's value on its next render. Adopted here in the commit that
 * hydrates the field, before that render, so nothing typed is lost or flickers.
 */
export function useEarlyValue(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  adopt: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the island hydrates.
  useLayoutEffect(() => {
    const value = ref.current?.value;
    if (value) adopt(value);
  }, []);
}
