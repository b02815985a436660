import type * as z from 'zod/mini';
import type { LeadForm } from '../api.ts';
import { type Option, optionLabel } from '../options.ts';

/**
 * How a form asks for one field, whatever draws it: the web renders the matching control,
 * the sales e-mail and the export read the value through it. `label` is the field's short
 * name in what sales read (e-mail lines); what the visitor reads (label, hint, placeholder)
 * is web copy.
 */
export type FieldSpec =
  | { readonly kind: 'text' | 'email' | 'tel' | 'textarea'; readonly label: string }
  /** One choice from a list. */
  | { readonly kind: 'select'; readonly label: string; readonly options: readonly Option[] }
  /** Any number of choices from a list, at least one where the schema says so. */
  | { readonly kind: 'checkboxes'; readonly label: string; readonly options: readonly Option[] }
  /**
   * A box the visitor ticks to agree; `statement` is what they agree to, stored with the
   * consent as evidence of what was shown.
   */
  | { readonly kind: 'consent'; readonly label: string; readonly statement: string }
  /** Set by the page, not typed (the research item a download asks for). */
  | { readonly kind: 'preset'; readonly label: string; readonly options: readonly Option[] };

export type FieldKind = FieldSpec['kind'];

/** The attribution rides with every form's values but is no field of the form. */
type NotAField = 'attribution';

/** A form's field names: the keys of its schema, less the attribution. */
export type SchemaFieldName<S extends z.ZodMiniObject> = Exclude<
  keyof S['shape'] & string,
  NotAField
>;

/**
 * One lead form, declared once: its schema, its fields in the order the visitor meets them,
 * which field is the visitor's address, what the sales e-mail shows where, and the columns
 * of the export. Every field name is checked against the schema's keys; the web, the form's
 * function, the export and the bench read this.
 */
export interface LeadFormDefinition<
  S extends z.ZodMiniObject = z.ZodMiniObject,
  F extends string = SchemaFieldName<S>,
> {
  readonly form: LeadForm;
  readonly schema: S;
  /** Every field of the schema, in the order the form shows them. */
  readonly fields: { readonly [K in F]: FieldSpec };
  /**
   * The visitor's own address: what the browser's client limit counts, the Reply-To of the
   * sales e-mail and the server's rate-limit key.
   */
  readonly visitorEmail: F;
  readonly sales: {
    /** Who sent it, as the sales e-mail's contact block shows them (the e-mail is `visitorEmail`). */
    readonly contact: { readonly name: F; readonly title?: F; readonly phone?: F };
    readonly company: F;
    /** The facts after the company in the summary line, most decisive first. */
    readonly summary: readonly F[];
    /** The one fact the subject names after the company. */
    readonly qualifier: F;
    /** The visitor's own words (multi-line answers), right after the contact block. */
    readonly words: readonly F[];
    /** Every other field. */
    readonly details: readonly F[];
  };
  /**
   * The export's field columns, in order. Kept apart from `fields`: the CSV's columns are
   * what sales' spreadsheets are built on, so they change only by adding at the end.
   */
  readonly exportColumns: readonly F[];
}

/** A definition's field names. */
export type FieldName<D> = D extends LeadFormDefinition<z.ZodMiniObject, infer F> ? F : never;

/**
 * Checks a definition's field names against its schema and keeps their literal types. The
 * schema is inferred from `schema` alone; every other field name must be one of its keys.
 */
export function defineLeadForm<S extends z.ZodMiniObject>(
  definition: LeadFormDefinition<S, NoInfer<SchemaFieldName<S>>>,
): LeadFormDefinition<S, SchemaFieldName<S>> {
  return definition;
}

/** The field names in the order the form shows them. */
export function fieldNames<F extends string>(definition: {
  readonly fields: Record<F, FieldSpec>;
}) {
  return Object.keys(definition.fields) as F[];
}

/** Required unless the schema lets the field be left out. */
export function isRequired(definition: LeadFormDefinition, name: string): boolean {
  const field = (definition.schema.shape as Record<string, z.ZodMiniType>)[name];
  return field?._zod.def.type !== 'optional';
}

/**
 * A field's value as a person reads it in an e-mail: the label of a chosen option, the
 * labels of a multi-select joined, Yes or No for a consent, text as typed; nothing for a
 * field left empty.
 */
export function displayValue(spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case 'select':
    case 'preset':
      return typeof value === 'string' && value !== ''
        ? optionLabel(spec.options, value)
        : undefined;
    case 'checkboxes':
      return (Array.isArray(value) ? value : [])
        .map((item) => optionLabel(spec.options, String(item)))
        .join(', ');
    case 'consent':
      return value === true ? 'Yes' : 'No';
    default:
      return typeof value === 'string' ? value : undefined;
  }
}

/**
 * The empty form: blank text and choices, no boxes ticked. A preset field (set by the page)
 * takes its value from `presets`.
 */
export function emptyValues<S extends z.ZodMiniObject, F extends string>(
  definition: LeadFormDefinition<S, F>,
  presets: Partial<Record<F, string>> = {},
): z.input<S> {
  const values: Record<string, unknown> = {};
  for (const name of fieldNames(definition)) {
    const kind = definition.fields[name].kind;
    values[name] = kind === 'checkboxes' ? [] : kind === 'consent' ? false : (presets[name] ?? '');
  }
  return values as z.input<S>;
}
