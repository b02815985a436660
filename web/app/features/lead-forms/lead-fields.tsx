import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { type ControlAria, FormField } from '../../components/ui/form-field.tsx';
import type { FieldCopy } from '../../content/lead-form-copy.ts';

/** A validity badge shown beside a field's label and read as part of its description. */
export interface FieldStatus {
  id: string;
  badge: ReactNode;
}

interface LeadFieldProps {
  id: string;
  copy: FieldCopy;
  control: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  /** "(optional)" for fields that are not required. */
  optionalLabel?: string;
  status?: FieldStatus;
}

function describedBy(aria: ControlAria, status: FieldStatus | undefined): string | undefined {
  return [aria['aria-describedby'], status?.id].filter(Boolean).join(' ') || undefined;
}

function Shell({
  props,
  children,
}: {
  props: LeadFieldProps;
  children: (aria: ControlAria) => ReactNode;
}) {
  const { id, copy, error, required = false, optionalLabel, status } = props;
  return (
    <div className={['lead-field', status ? 'lead-field--checked' : ''].join(' ')}>
      <FormField
        id={id}
        label={copy.label}
        required={required}
        optionalLabel={required ? undefined : optionalLabel}
        description={copy.description}
        error={error}
      >
        {(aria) => children({ ...aria, 'aria-describedby': describedBy(aria, status) })}
      </FormField>
      {status?.badge}
    </div>
  );
}

export function TextField(
  props: LeadFieldProps & {
    type?: HTMLInputTypeAttribute;
    inputMode?: 'email' | 'tel' | 'text';
  },
) {
  const { copy, control, type = 'text', inputMode } = props;
  return (
    <Shell props={props}>
      {(aria) => (
        <input
          className="input"
          type={type}
          inputMode={inputMode}
          autoComplete={copy.autoComplete}
          placeholder={copy.placeholder}
          {...aria}
          {...control}
        />
      )}
    </Shell>
  );
}

export function TextAreaField(props: LeadFieldProps & { rows?: number }) {
  const { copy, control, rows = 5 } = props;
  return (
    <Shell props={props}>
      {(aria) => (
        <textarea
          className="input"
          rows={rows}
          placeholder={copy.placeholder}
          {...aria}
          {...control}
        />
      )}
    </Shell>
  );
}

export function SelectField(
  props: LeadFieldProps & {
    options: readonly { readonly value: string; readonly label: string }[];
    /** The empty first choice; leave it out when a value is always chosen. */
    placeholder?: string;
  },
) {
  const { control, options, placeholder } = props;
  return (
    <Shell props={props}>
      {(aria) => (
        <select className="input" {...aria} {...control}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Shell>
  );
}
