import { useCallback, useRef, useState } from 'react';

/** Where code loaded on demand stands: not asked for, on its way, there, or failed. */
export type OnDemand<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; error: unknown };

/**
 * Code a page needs only once the visitor asks for it (a dialog and its form): `request`
 * starts `load` (a dynamic import), and the state says when it is there, so the control that
 * asked can show it is busy meanwhile and say so if it failed. A request while loading, or
 * once loaded, does nothing; one after a failure tries again. `load` should be one function
 * for the component's life (declared at module level).
 */
export function useOnDemand<T>(load: () => Promise<T>): [OnDemand<T>, () => void] {
  const [state, setState] = useState<OnDemand<T>>({ status: 'idle' });
  // The state as of now, not of the last render: two presses in one frame load once.
  const current = useRef(state);

  const request = useCallback(() => {
    const status = current.current.status;
    if (status === 'loading' || status === 'ready') return;
    const set = (next: OnDemand<T>) => {
      current.current = next;
      setState(next);
    };
    set({ status: 'loading' });
    load().then(
      (value) => set({ status: 'ready', value }),
      (error: unknown) => set({ status: 'failed', error }),
    );
  }, [load]);

  return [state, request];
}
