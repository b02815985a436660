import { useEffect, useState } from 'react';
import type { LoadedDetail } from './card-detail-content.ts';
import type { CardKind } from './card-summary.ts';

type DetailModule = typeof import('./card-detail-content.ts');

let loaded: DetailModule | null = null;
let pending: Promise<DetailModule> | null = null;

/**
 * Starts loading the overlay copy. Cards call it when the pointer or focus reaches them,
 * so the text is usually there by the time the visitor clicks.
 */
export function preloadCardDetails(): Promise<DetailModule> {
  pending ??= import('./card-detail-content.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed chunk request (offline, a deploy in between) may succeed on a retry.
      pending = null;
      throw error;
    },
  );
  return pending;
}

export type DetailState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly content: LoadedDetail }
  | { readonly status: 'error' };

function stateFrom(module: DetailModule, kind: CardKind, id: string): DetailState {
  const content = module.findCardDetail(kind, id);
  return content ? { status: 'ready', content } : { status: 'error' };
}

export function useCardDetail(kind: CardKind, id: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DetailState>(() =>
    loaded ? stateFrom(loaded, kind, id) : { status: 'loading' },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    if (loaded) {
      setState(stateFrom(loaded, kind, id));
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    preloadCardDetails().then(
      (module) => {
        if (active) setState(stateFrom(module, kind, id));
      },
      () => {
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [kind, id, attempt]);

  return { state, retry: () => setAttempt((count) => count + 1) };
}
