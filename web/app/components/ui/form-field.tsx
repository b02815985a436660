import type { ReactNode } from 'react';
import './form-field.css';

/** The attributes a control needs so its label, hint and error reach screen readers. */
export interface ControlAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Shown after the label for optional fields, e.g. "(optional)". */
  optionalLabel?: string;
  description?: string;
  error?: string;
  children: (aria: ControlAria) => ReactNode;
}

export function FormField({
  id,
  label,
  required = false,
  optionalLabel,
  description,
  error,
  children,
}: FormFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : optionalLabel ? (
          <span className="field__optional"> {optionalLabel}</span>
        ) : null}
      </label>
      {description ? (
        <p className="field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
