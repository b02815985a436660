import { HONEYPOT_FIELD } from '@kryon/shared/constants';
import type { Ref } from 'react';

/** Invisible to people and to assistive technology; bots that fill it are quietly ignored. */
export function HoneypotField({
  label,
  inputRef,
}: {
  label: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>{label}</label>
      <input
        ref={inputRef}
        id={`hp-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
