import {
  displayValue,
  type FieldSpec,
  fieldNames,
  type LeadFormDefinition,
} from '@kryon/shared/forms/lead-form';
import type { PriorityFacts } from '@kryon/shared/lead-priority';
import { type Option, optionLabel } from '@kryon/shared/options';
import type * as z from 'zod/mini';

/** What the visitor's own e-mail says; notification.ts lays it out and escapes it. */
export interface VisitorMessage {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** What they asked for, repeated back to them. */
  recap?: { label: string; value: string }[];
  /** Said after the recap: what happens next and when. */
  closing?: string[];
  link?: { label: string; url: string };
}

export interface VisitorMessageContext {
  siteOrigin: string;
  /** The visitor's personal, signed, expiring link to one research report. */
  reportUrl: (researchId: string) => string;
  /** How many days that link works. */
  reportLinkDays: number;
}

/**
 * What the backend adds to a form's shared definition: Kryon's own words and rules, never the
 * form's fields. Methods, so a form's typed parts fit the registry (decision 044); TypeScript
 * checks their parameter loosely, so call them only with data that form's own schema accepted.
 */
export interface BackendParts<T> {
  /** How sales call it, e.g. "Contact message". */
  title: string;
  /** The form in a subject, short: "Demo request". */
  subjectName: string;
  /** The subject of a reply sales start from the e-mail: Kryon's own words only. */
  replySubject: string;
  /** The answers the shared priority rule reads; absent for a form that asks none. */
  priority?(data: T): PriorityFacts;
  /**
   * An e-mail to the visitor as well, if the form sends one: only Kryon's own copy and labels
   * of validated options, never text the sender chose (decision 029).
   */
  visitorMessage?(data: T, context: VisitorMessageContext): VisitorMessage;
  /**
   * The research report the lead asked for, if the form hands one out: its personal link is
   * given in the answer to the request as well as in the e-mail.
   */
  report?(data: T): string;
}

/**
 * A form as the backend handles it: its shared definition (schema, fields, visitor e-mail,
 * sales layout) with the backend's parts. Adding a form is one shared definition, one module
 * in forms/, one registry entry in forms.ts and one handler.
 */
export type FormDefinition<D extends LeadFormDefinition = LeadFormDefinition> = D &
  BackendParts<z.output<D['schema']>>;

/** A lead's validated values, by field name. */
export type LeadData = Readonly<Record<string, unknown>>;

/**
 * Joins a form's shared definition and the backend's parts, refusing a typed field in the
 * summary line or the subject's start: those are the system's words (decision 054).
 */
export function defineForm<D extends LeadFormDefinition>(
  lead: D,
  own: BackendParts<z.output<D['schema']>>,
): FormDefinition<D> {
  for (const name of [...lead.sales.summary, lead.sales.qualifier]) {
    if (!lead.fields[name]) {
      throw new Error(
        `${lead.form}: ${name} is not a field of the form: it cannot lead a sales e-mail`,
      );
    }
    if (isTyped(lead.fields[name])) {
      throw new Error(
        `${lead.form}: ${name} is free text, not an option: it cannot lead a sales e-mail`,
      );
    }
  }
  return { ...lead, ...own };
}

/** A field's value as sales read it (option label, Yes/No, text), or nothing. */
export function shown(
  definition: LeadFormDefinition,
  name: string | undefined,
  data: LeadData,
): string | undefined {
  if (name === undefined) return undefined;
  const spec = definition.fields[name];
  return spec && displayValue(spec, data[name]);
}

/** Who sent a lead, as a subject or a digest names them: the company, else the name. */
export function senderOf(definition: LeadFormDefinition, data: LeadData): string {
  const { company, contact } = definition.sales;
  return shown(definition, company, data) || (shown(definition, contact.name, data) ?? '');
}

/** What the visitor typed in the definition's `visitorEmail` field. */
export function visitorAddress(definition: LeadFormDefinition, data: LeadData): string {
  return String(data[definition.visitorEmail] ?? '');
}

/** The consent box a form has, its value and the statement stored with it as evidence. */
export function consentOf(
  definition: LeadFormDefinition,
  data: LeadData,
): { value: boolean; label: string } | undefined {
  for (const name of fieldNames(definition)) {
    const spec = definition.fields[name];
    if (spec?.kind === 'consent') return { value: data[name] === true, label: spec.statement };
  }
  return undefined;
}

/** The labels of a multi-select's chosen values, for a person to read. */
export function labels(options: readonly Option[], values: readonly string[] | undefined): string {
  return (values ?? []).map((value) => optionLabel(options, value)).join(', ');
}

/**
 * Text the visitor typed, as opposed to an option chosen from a list the site wrote. A field
 * the definition does not describe counts as typed: the reading that trusts it least.
 */
export function isTyped(spec: FieldSpec | undefined): boolean {
  return (
    spec === undefined ||
    spec.kind === 'text' ||
    spec.kind === 'email' ||
    spec.kind === 'tel' ||
    spec.kind === 'textarea'
  );
}
