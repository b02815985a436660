import { useEffect, useRef } from 'react';
import { Icon } from './icon.tsx';
import './toast.css';

export interface ToastProps {
  /** The text shown and announced; null renders the empty live region. */
  message: string | null;
  tone?: 'success' | 'error';
  /** The dismiss button's accessible name. */
  dismissLabel: string;
  onDismiss: () => void;
  /** Hides the toast after this long; the outcome it reports must also be on the page. */
  durationMs?: number;
}

/**
 * A short notice at the top of the screen. The live region is always in the document and
 * only its content changes, which is what makes screen readers announce it reliably.
 */
export function Toast({
  message,
  tone = 'success',
  dismissLabel,
  onDismiss,
  durationMs = 6000,
}: ToastProps) {
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (!message || durationMs <= 0) return;
    const timer = setTimeout(() => dismissRef.current(), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? (
        <div className={`toast toast--${tone}`}>
          <Icon name={tone === 'success' ? 'check' : 'alert'} size={20} />
          <p className="toast__message">{message}</p>
          <button
            type="button"
            className="toast__dismiss"
            aria-label={dismissLabel}
            onClick={onDismiss}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
