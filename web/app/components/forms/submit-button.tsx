import type { ReactNode } from 'react';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../ui/button.tsx';

/**
 * A lead form's send button, large, busy while the form sends. Built disabled (Button); in a
 * form that hydrates at the first touch its loader enables it at once and answers its press
 * once React has taken the form over (live-before-hydration.ts).
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      size="lg"
      busy={busy}
      className="lead-form__submit"
      {...liveBeforeHydration(hydrated)}
    >
      {children}
    </Button>
  );
}
