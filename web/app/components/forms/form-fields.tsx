import {
  type FieldSpec,
  fieldNames,
  isRequired,
  type LeadFormDefinition,
} from '@kryon/shared/forms/lead-form';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import { CheckboxField, CheckboxGroup } from '../ui/checkbox-group.tsx';
import { type ControlAria, FormField } from '../ui/form-field.tsx';
import { EmailInput, type EmailSuggestionCopy } from './email-suggestion.tsx';

/** What the visitor reads with one field: its label and, where it has them, hint and placeholder. */
export interface FieldText {
  readonly label: string;
  /** For a select, its empty first choice; without one a select always has a value. */
  readonly placeholder?: string;
  readonly description?: string;
  readonly autoComplete?: string;
}

/** A validity badge shown beside a field's label and read as part of its description. */
export interface FieldStatus {
  id: string;
  badge: ReactNode;
}

/**
 * How one form lays its fields out, in the definition's field names: a presentation concern
 * the shared definition leaves to the page.
 */
export interface FieldLayout<F extends string> {
  /** The control's element id (labels, errors and hints hang off it). */
  id: (name: F) => string;
  /** Fields shown side by side; every other field takes a row of its own. */
  rows?: readonly (readonly F[])[];
  /** Visible lines of a multi-line field (default 5). */
  textRows?: Partial<Record<F, number>>;
  /** More ids that describe a field, e.g. the privacy line under a consent box. */
  describedBy?: Partial<Record<F, string>>;
  /**
   * Single-line fields and selects without the `lead-field` wrapper: the compact forms
   * (contact, download) place their fields straight in the grid.
   */
  bare?: boolean;
}

/** Ids of the form `<prefix>-<field-name-in-kebab-case>`, e.g. `partner-company-size`. */
export function kebabIds<F extends string>(prefix: string): (name: F) => string {
  return (name) => `${prefix}-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export interface FormFieldsProps<F extends string> {
  definition: LeadFormDefinition<z.ZodMiniObject, F>;
  /** The fields to draw, in this order: one section of the form; by default all of it. */
  names?: readonly F[];
  /** Each drawn field's words (the page's copy, checked against the definition there). */
  copy: Readonly<Partial<Record<F, FieldText>>>;
  layout: FieldLayout<F>;
  /** The form library's binding for a field (name, onChange, onBlur, ref). */
  control: (name: F) => UseFormRegisterReturn;
  errors: Partial<Record<F, { message?: string | undefined } | undefined>>;
  /** "(optional)" after the label of a field the schema lets be left out. */
  optionalLabel?: string;
  /** A live validity badge for a field, where the form shows them. */
  status?: (name: F) => FieldStatus;
  /**
   * The words of the "Did you mean …?" line an e-mail field shows for a mistyped domain;
   * without them the field offers none.
   */
  emailSuggestion?: EmailSuggestionCopy;
}

function joinIds(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * The one renderer of lead-form fields: each field of the shared definition is drawn by its
 * kind (text, e-mail, phone, multi-line, select, checkbox group, consent), labelled with the
 * page's copy, marked required or optional by the schema. A field the page sets (`preset`)
 * is not drawn.
 */
export function FormFields<F extends string>(props: FormFieldsProps<F>) {
  const { names = fieldNames(props.definition), layout } = props;
  const rows = layout.rows ?? [];
  const drawn = new Set<F>();
  const out: ReactNode[] = [];
  for (const name of names) {
    if (drawn.has(name)) continue;
    const row = rows.find((r) => r[0] === name);
    if (row) {
      const members = row.filter((member) => names.includes(member));
      for (const member of members) drawn.add(member);
      out.push(
        <div key={name} className="lead-form__row">
          {members.map((member) => (
            <OneField key={member} name={member} {...props} />
          ))}
        </div>,
      );
    } else {
      drawn.add(name);
      out.push(<OneField key={name} name={name} {...props} />);
    }
  }
  return <>{out}</>;
}

function OneField<F extends string>({
  name,
  definition,
  copy,
  layout,
  control,
  errors,
  optionalLabel,
  status: statusOf,
  emailSuggestion,
}: FormFieldsProps<F> & { name: F }) {
  const spec: FieldSpec = definition.fields[name];
  const text = copy[name];
  if (spec.kind === 'preset' || !text) return null;
  const id = layout.id(name);
  const required = isRequired(definition, name);
  const error = errors[name]?.message;
  const status = statusOf?.(name);
  const binding = control(name);

  if (spec.kind === 'checkboxes') {
    const group = (
      <CheckboxGroup
        id={id}
        legend={text.label}
        description={text.description}
        options={spec.options}
        required={required}
        error={error}
        control={binding}
        describedBy={joinIds(status?.id, layout.describedBy?.[name])}
      />
    );
    return status ? (
      <div className="lead-field lead-field--checked">
        {group}
        {status.badge}
      </div>
    ) : (
      group
    );
  }

  if (spec.kind === 'consent') {
    const box = (
      <CheckboxField
        id={id}
        label={text.label}
        required={required}
        error={error}
        control={binding}
        describedBy={joinIds(status?.id, layout.describedBy?.[name])}
      />
    );
    return status ? (
      <div className="lead-field lead-field--checked lead-field--choice">
        {box}
        {status.badge}
      </div>
    ) : (
      box
    );
  }

  const field = (
    <FormField
      id={id}
      label={text.label}
      required={required}
      optionalLabel={required ? undefined : optionalLabel}
      description={text.description}
      error={error}
    >
      {(fieldAria) => {
        const aria: ControlAria = {
          ...fieldAria,
          'aria-describedby': joinIds(fieldAria['aria-describedby'], status?.id),
        };
        switch (spec.kind) {
          case 'textarea':
            return (
              <textarea
                className="input"
                rows={layout.textRows?.[name] ?? 5}
                placeholder={text.placeholder}
                {...aria}
                {...binding}
              />
            );
          case 'select':
            return (
              <select className="input" {...aria} {...binding}>
                {text.placeholder === undefined ? null : (
                  <option value="">{text.placeholder}</option>
                )}
                {spec.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case 'email':
            if (emailSuggestion) {
              return (
                <EmailInput
                  aria={aria}
                  binding={binding}
                  copy={emailSuggestion}
                  autoComplete={text.autoComplete}
                  placeholder={text.placeholder}
                />
              );
            }
            return (
              <input
                className="input"
                type="email"
                inputMode="email"
                autoComplete={text.autoComplete}
                placeholder={text.placeholder}
                {...aria}
                {...binding}
              />
            );
          default:
            return (
              <input
                className="input"
                type={spec.kind}
                inputMode={spec.kind === 'tel' ? 'tel' : undefined}
                autoComplete={text.autoComplete}
                placeholder={text.placeholder}
                {...aria}
                {...binding}
              />
            );
        }
      }}
    </FormField>
  );
  if (layout.bare && !status) return field;
  return (
    <div className={['lead-field', status ? 'lead-field--checked' : ''].join(' ')}>
      {field}
      {status?.badge}
    </div>
  );
}
