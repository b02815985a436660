import type { LeadForm } from '@kryon/shared/api';
import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '../api-client.ts';
import { type ChallengeDeps, createChallengeSession } from './challenge-session.ts';

/** What counts as starting on a form: any of these inside it. */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

let solverModule: Promise<typeof import('./challenge-solver.ts')> | undefined;
/** The solver and altcha-lib, fetched once per page and only when a form is first used. */
const loadSolver = () => {
  solverModule ??= import('./challenge-solver.ts');
  return solverModule;
};

/** The browser's own pieces: the API client's base URL and the Web Worker solver. */
export const browserChallengeDeps: ChallengeDeps = {
  fetchChallenge: (form, signal) => apiClient.fetchChallenge(form, signal),
  solve: async (challenge, signal) => (await loadSolver()).solveInWorkers(challenge, signal),
  preload: () => {
    // A failed load shows again, and is handled, when the solver is called.
    loadSolver().catch(() => {});
  },
};

export interface BrowserChallengeOptions {
  /**
   * Start as soon as the form is mounted rather than at the first interaction with it: for a
   * form that appears because the visitor asked for it (the download dialog).
   */
  startOnMount?: boolean;
  /** Replaced in tests. */
  deps?: ChallengeDeps;
}

/**
 * The browser check of one lead form (docs/decisions/028). Nothing happens on page load, so
 * crawlers and Lighthouse see no extra work: the challenge is fetched and solved, in a worker,
 * once the visitor first focuses, presses or types in the form (`formRef` marks it), or at
 * mount with `startOnMount`. `take` and `afterSubmit` bracket each submission.
 */
export function useBrowserChallenge(
  form: LeadForm,
  { startOnMount = false, deps = browserChallengeDeps }: BrowserChallengeOptions = {},
) {
  const [session] = useState(() => createChallengeSession(form, deps));

  useEffect(() => {
    if (startOnMount) session.start();
    return () => session.dispose();
  }, [session, startOnMount]);

  const formRef = useCallback(
    (element: HTMLFormElement | null) => {
      if (!element) return;
      const start = () => session.start();
      // A form React took over at the visitor's first touch (app/browser/touch-islands.ts) is in use
      // already: that touch came before these listeners.
      if (element.contains(element.ownerDocument.activeElement)) start();
      for (const type of INTERACTIONS) element.addEventListener(type, start, { passive: true });
      return () => {
        for (const type of INTERACTIONS) element.removeEventListener(type, start);
      };
    },
    [session],
  );

  return { formRef, take: session.take, afterSubmit: session.afterSubmit };
}
