import { UI } from '@kryon/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A search box's text and the term filtering uses: the term follows the text once typing
 * has paused for 300 ms, so the list does not re-filter on every keystroke.
 * Clearing is immediate: "Clear all filters" must not show stale results for 300 ms.
 */
export function useDebouncedSearch(delayMs: number = UI.searchDebounceMs) {
  const [text, setTextState] = useState('');
  const [term, setTerm] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setTerm(value), delayMs);
    },
    [delayMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setTextState('');
    setTerm('');
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { text, term, setText, clear };
}
