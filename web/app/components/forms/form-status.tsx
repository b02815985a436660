import { useEffect, useRef } from 'react';
import { Icon } from '../ui/icon.tsx';

/**
 * The form's outcome, announced and focused so a screen-reader or keyboard user learns it
 * without hunting: a page that only logged a failure would leave them guessing
 * (docs/decisions/007-visible-form-outcomes.md).
 */
export function FormStatus({
  tone,
  title,
  message,
  focusOnShow = false,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  message: string;
  /** Success replaces what the visitor was on; an error leaves focus on the field to fix. */
  focusOnShow?: boolean;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the outcome changes.
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [message, tone, focusOnShow]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`form-alert form-alert--${tone}`}
    >
      <Icon name={tone === 'error' ? 'alert' : 'check'} size={22} />
      <div>
        <h3 className="form-alert__title">{title}</h3>
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * What a submit is waiting for (the browser check), said politely. The region is always in the
 * form, empty when there is nothing to say, because a live region that appears together with
 * its text is not announced by every screen reader. Focus stays where it is.
 */
export function FormProgress({ message }: { message: string | undefined }) {
  return (
    <p role="status" className="form-progress">
      {message}
    </p>
  );
}
