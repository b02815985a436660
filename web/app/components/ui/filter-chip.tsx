import type { ReactNode } from 'react';
import './filter-chip.css';

/** A filter chip: a toggle button whose pressed state is the filter's. */
export function FilterChip({
  pressed,
  onToggle,
  tone,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  /** A severity colour, e.g. "critical". */
  tone?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={['chip', tone ? `chip--${tone}` : ''].filter(Boolean).join(' ')}
      aria-pressed={pressed}
      onClick={onToggle}
    >
      {/* The pressed state shows by a tick, not by colour alone; the name stays the label. */}
      {pressed ? (
        <span className="chip__tick" aria-hidden="true">
          ✓
        </span>
      ) : null}
      {children}
    </button>
  );
}
