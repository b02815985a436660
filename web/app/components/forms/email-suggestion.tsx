import { type FocusEvent, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import type { ControlAria } from '../ui/form-field.tsx';
import './email-suggestion.css';

/** The words of the "Did you mean …?" line: `before` <address> `after`, and its two buttons. */
export interface EmailSuggestionCopy {
  readonly before: string;
  readonly after: string;
  readonly apply: string;
  readonly dismiss: string;
}

type TypoCheck = typeof import('../../lib/email-typo.ts');
let typoCheck: Promise<TypoCheck> | undefined;

/**
 * The suggestion logic and its domain lists load once, when a visitor first reaches an
 * e-mail field: no page carries them before. A failed load suggests nothing, and is tried
 * again at the next field.
 */
function loadTypoCheck(): Promise<TypoCheck> {
  typoCheck ??= import('../../lib/email-typo.ts').catch((error: unknown) => {
    typoCheck = undefined;
    throw error;
  });
  return typoCheck;
}

interface Suggestion {
  /** The value the field held when the visitor left it. */
  typed: string;
  /** The address they probably meant. */
  address: string;
}

/** The suggestion, if the field still holds what it was made for (the form may have reset). */
function stillTyped(
  input: HTMLInputElement | null,
  suggestion: Suggestion,
): Suggestion | undefined {
  return input?.value === suggestion.typed ? suggestion : undefined;
}

/** The id of an e-mail field's suggestion line, which describes the input. */
function suggestionId(inputId: string): string {
  return `${inputId}-suggestion`;
}

interface EmailInputProps {
  aria: ControlAria;
  /** The form library's binding (name, onChange, onBlur, ref). */
  binding: UseFormRegisterReturn;
  copy: EmailSuggestionCopy;
  autoComplete?: string;
  placeholder?: string;
}

/**
 * An e-mail input that, when the visitor leaves it, offers the address they probably meant
 * if its domain looks mistyped ("Did you mean name@gmail.com?"), with a button that puts it
 * in the field and one that keeps what was typed. Only ever a suggestion: it never stops the
 * form from being sent. Checked on leaving the field, not while typing: half an address is
 * no typo. The line is a polite live region that describes the input, so it is announced
 * and read again with the field.
 */
export function EmailInput({ aria, binding, copy, autoComplete, placeholder }: EmailInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const [shown, setShown] = useState<Suggestion>();
  // An address the visitor said is right is not questioned again.
  const kept = useRef<string | undefined>(undefined);
  // While a pointer is pressed, a line appearing above the button under it would move that
  // button away before the click lands (the submit button, most often): it waits.
  const pressed = useRef(false);
  const waiting = useRef<Suggestion | undefined>(undefined);

  useEffect(() => {
    const down = () => {
      pressed.current = true;
    };
    const up = () => {
      pressed.current = false;
      const next = waiting.current;
      waiting.current = undefined;
      // After the click this press makes, which comes after pointerup in the same task.
      if (next) setTimeout(() => setShown(stillTyped(input.current, next)), 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);

  // An address typed and left before React took the form over (it hydrates at the visitor's
  // first touch) is checked now, as leaving the field would have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form goes live.
  useEffect(() => {
    const field = input.current;
    if (field?.value && field.ownerDocument.activeElement !== field) check(field.value);
  }, []);

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    void binding.onBlur(event);
    check(event.target.value);
  }

  function check(typed: string) {
    loadTypoCheck()
      .then(({ suggestAddress }) => {
        const address = typed === kept.current ? undefined : suggestAddress(typed);
        if (!address) {
          setShown(undefined);
        } else if (pressed.current) {
          waiting.current = { typed, address };
        } else {
          setShown(stillTyped(input.current, { typed, address }));
        }
      })
      .catch(() => undefined);
  }

  function apply() {
    const field = input.current;
    if (!field || !shown) return;
    field.value = shown.address;
    // Through the form library, as typing would: the value, the draft and the error follow.
    void binding.onChange({ target: field, type: 'change' });
    setShown(undefined);
    field.focus();
  }

  function keep() {
    kept.current = shown?.typed;
    setShown(undefined);
    input.current?.focus();
  }

  // A suggestion for a value the field no longer holds (the form was reset) is not shown.
  const current = shown && input.current?.value === shown.typed ? shown : undefined;
  const lineId = suggestionId(aria.id);
  // The input is described by the sentence only, not by the buttons' labels after it.
  const textId = `${lineId}-text`;

  return (
    <>
      <input
        className="input"
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        placeholder={placeholder}
        {...aria}
        aria-describedby={[aria['aria-describedby'], textId].filter(Boolean).join(' ')}
        {...binding}
        ref={(element) => {
          input.current = element;
          binding.ref(element);
        }}
        onFocus={() => void loadTypoCheck().catch(() => undefined)}
        onBlur={onBlur}
        onChange={(event) => {
          void binding.onChange(event);
          if (shown) setShown(undefined);
        }}
      />
      <div id={lineId} className="email-suggestion" aria-live="polite" aria-atomic="true">
        {/* Always there, empty until needed: the input's aria-describedby names it. */}
        <p id={textId} className="email-suggestion__text">
          {current ? (
            <>
              {copy.before} <b>{current.address}</b>
              {copy.after}
            </>
          ) : null}
        </p>
        {current ? (
          <span className="email-suggestion__actions">
            <Button variant="outline" size="sm" onClick={apply}>
              {copy.apply}
            </Button>
            <Button variant="ghost" size="sm" onClick={keep}>
              {copy.dismiss}
            </Button>
          </span>
        ) : null}
      </div>
    </>
  );
}
