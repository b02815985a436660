import { UI } from '@kryon/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Icon } from '../../components/ui/icon.tsx';
import { isFilled } from './section-progress.ts';

/** On the beta form each field shows "validating" for 300 ms after a change, then valid or invalid. */
export type FieldCheck = 'idle' | 'validating' | 'valid' | 'invalid';

export type FieldChecks = Readonly<Record<string, FieldCheck>>;

/** The parts of a react-hook-form instance the checks read. */
type CheckedForm<T extends FieldValues> = Pick<
  UseFormReturn<T, unknown, FieldValues>,
  'watch' | 'getValues' | 'formState'
>;

/**
 * Live validity of each field, checked with the field's own schema 300 ms after the visitor
 * stops changing it. This is the quiet, per-field signal; the error message itself still
 * appears only once a field is left or on submit (useLeadForm). Blank fields stay neutral
 * until a submit, which marks every field at once.
 */
export function useFieldChecks<T extends FieldValues>(
  methods: CheckedForm<T>,
  shape: Readonly<Record<string, z.ZodMiniType>>,
  delayMs: number = UI.fieldCheckDelayMs,
): FieldChecks {
  const [checks, setChecks] = useState<Record<string, FieldCheck>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const set = useCallback((name: string, state: FieldCheck) => {
    setChecks((current) => (current[name] === state ? current : { ...current, [name]: state }));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    const schedule = (name: string, value: unknown) => {
      const schema = shape[name];
      if (!schema) return;
      clearTimeout(pending.get(name));
      pending.delete(name);
      if (!isFilled(value)) {
        set(name, 'idle');
        return;
      }
      set(name, 'validating');
      pending.set(
        name,
        setTimeout(() => {
          pending.delete(name);
          set(name, schema.safeParse(value).success ? 'valid' : 'invalid');
        }, delayMs),
      );
    };
    const subscription = methods.watch((values, { name }) => {
      const current = values as FieldValues;
      if (name) {
        schedule(name, current[name]);
        return;
      }
      // A reset (a restored draft, "Start over"): check every field again.
      for (const field of Object.keys(shape)) schedule(field, current[field]);
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [methods, shape, delayMs, set]);

  // A submit attempt marks every field at once, blank required ones as invalid.
  const submitCount: number = methods.formState.submitCount;
  useEffect(() => {
    if (submitCount === 0) return;
    const values = methods.getValues() as FieldValues;
    const next: Record<string, FieldCheck> = {};
    for (const [name, schema] of Object.entries(shape)) {
      clearTimeout(timers.current.get(name));
      timers.current.delete(name);
      const valid = schema.safeParse(values[name]).success;
      next[name] = valid ? (isFilled(values[name]) ? 'valid' : 'idle') : 'invalid';
    }
    setChecks(next);
  }, [submitCount, methods, shape]);

  return checks;
}

export interface FieldCheckLabels {
  readonly validating: string;
  readonly valid: string;
  readonly invalid: string;
}

/**
 * The state as an icon and a word, never colour alone. Not a live region: it changes with
 * every pause in typing, so it is read as part of the field's description instead.
 */
export function FieldCheckBadge({
  id,
  state,
  labels,
}: {
  id: string;
  state: FieldCheck | undefined;
  labels: FieldCheckLabels;
}) {
  const current = state ?? 'idle';
  return (
    <span id={id} className={`field-check field-check--${current}`}>
      {current === 'validating' ? (
        <span className="field-check__spinner" aria-hidden="true" />
      ) : null}
      {current === 'valid' ? <Icon name="check" size={16} /> : null}
      {current === 'invalid' ? <Icon name="alert" size={16} /> : null}
      {current === 'idle' ? null : labels[current]}
    </span>
  );
}
