import type { FocusEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import './form-field.css';
import './checkbox-group.css';

/** What a form library hands each checkbox (name, onChange, onBlur, ref). */
export type CheckboxControl = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & {
  ref?: Ref<HTMLInputElement>;
};

export interface CheckboxOption {
  readonly value: string;
  readonly label: string;
}

function joinIds(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface CheckboxGroupProps {
  id: string;
  legend: string;
  options: readonly CheckboxOption[];
  control: CheckboxControl;
  required?: boolean;
  description?: string;
  error?: string;
  /** More ids that describe the group, e.g. a live validity badge. */
  describedBy?: string;
  columns?: 1 | 2 | 3;
}

/**
 * A multi-select as a fieldset of checkboxes: the legend names the group, the description
 * and error describe it, and each box is invalid while the group is. The group counts as
 * "left" only when focus leaves it, so moving between its boxes never raises an error.
 */
export function CheckboxGroup({
  id,
  legend,
  options,
  control,
  required = false,
  description,
  error,
  describedBy,
  columns = 2,
}: CheckboxGroupProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const { onBlur, ...input } = control;
  const onGroupBlur = (event: FocusEvent<HTMLInputElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.closest('fieldset')?.contains(next)) return;
    onBlur?.(event);
  };
  return (
    <fieldset
      id={id}
      className={['choice-group', error ? 'choice-group--invalid' : ''].filter(Boolean).join(' ')}
      aria-describedby={joinIds(descriptionId, errorId, describedBy)}
    >
      <legend className="choice-group__legend">
        {legend}
        {required ? (
          <>
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
            {/* A group cannot carry aria-required: its legend says it instead. */}
            <span className="visually-hidden">{' (required)'}</span>
          </>
        ) : null}
      </legend>
      {description ? (
        <p className="field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <div className={`choice-group__options choice-group__options--${columns}`}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} className="choice" htmlFor={optionId}>
              <input
                {...input}
                id={optionId}
                type="checkbox"
                value={option.value}
                className="choice__input"
                aria-invalid={Boolean(error)}
                onBlur={onGroupBlur}
              />
              <span className="choice__label">{option.label}</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  control: CheckboxControl;
  required?: boolean;
  error?: string;
  describedBy?: string;
}

/** One checkbox with its own label and error, e.g. a consent box. */
export function CheckboxField({
  id,
  label,
  control,
  required = false,
  error,
  describedBy,
}: CheckboxFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['choice-field', error ? 'choice-group--invalid' : ''].join(' ')}>
      <label className="choice choice--single" htmlFor={id}>
        <input
          {...control}
          id={id}
          type="checkbox"
          className="choice__input"
          aria-invalid={Boolean(error)}
          aria-required={required || undefined}
          aria-describedby={joinIds(errorId, describedBy)}
        />
        <span className="choice__label">
          {label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </span>
      </label>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
