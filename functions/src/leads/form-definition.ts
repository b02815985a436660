import type { LeadForm } from '@kryon/shared/api';
import {
  displayValue,
  type FieldSpec,
  type LeadFormDefinition,
} from '@kryon/shared/forms/lead-form';
import type { PriorityFacts } from '@kryon/shared/lead-priority';
import { type Option, optionLabel } from '@kryon/shared/options';
import type * as z from 'zod/mini';

/** One labelled line of an e-mail: the label, and the value a person reads (or nothing). */
export interface EmailField<T> {
  label: string;
  value: (data: T) => string | undefined;
  /**
   * Free text the visitor typed, not the label of a validated option: the sales e-mail shows
   * it only as quoted visitor text, its links disabled.
   */
  typed: boolean;
}

/** Who sent a lead, as the sales e-mail's contact block shows them. */
export interface LeadContact {
  /** Typed by the visitor. */
  name: string;
  /** Job title, position or role. */
  title?: string;
  /** Whether the title was typed (a position) rather than chosen (a role from a list). */
  titleTyped?: boolean;
  email: string;
  phone?: string;
}

/**
 * How sales read one form's leads: qualification first (summary, priority), then who to
 * call, then the visitor's own words, then the rest. notification.ts lays it out.
 */
export interface SalesView<T> {
  /** The form in a subject, short: "Demo request". */
  subjectName: string;
  company: (data: T) => string | undefined;
  contact: (data: T) => LeadContact;
  /**
   * The facts of the summary line, most decisive first: size, AWS accounts, timeframe, demo
   * type or report title, as far as the form asks them. Labels of chosen options only.
   */
  summary: (data: T) => string[];
  /** The one fact the subject names after the form: the label of a chosen option. */
  qualifier: (data: T) => string | undefined;
  /** The answers the shared priority rule reads; absent for a form that asks none. */
  priority?: (data: T) => PriorityFacts;
  /** The visitor's own words (multi-line answers), shown right after the contact block. */
  words: EmailField<T>[];
  /** Every other field. */
  details: EmailField<T>[];
  /** The subject of a reply sales start from the e-mail: Kryon's own words only. */
  replySubject: string;
}

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
 * Everything the backend knows about one form: the shared schema that validates it, and how
 * its e-mails read. Built by {@link defineForm} from the form's shared definition (schema,
 * fields, visitor e-mail, sales lines) and the backend's own words; adding a form is one
 * shared definition, one module here, one registry entry in forms.ts and one handler.
 */
export interface FormDefinition<T extends Record<string, unknown> = Record<string, unknown>> {
  form: LeadForm;
  /** How sales call it, e.g. "Contact message". */
  title: string;
  schema: z.ZodMiniType<T>;
  /** The visitor's address: Reply-To of the sales e-mail, and the rate-limit key. */
  visitorEmail: (data: T) => string;
  sales: SalesView<T>;
  /** The consent box this form has, stored with its label text as evidence. */
  consent?: { value: (data: T) => boolean; label: string };
  /**
   * An e-mail to the visitor as well (download link, confirmation), if the form sends one.
   * It goes to an address anyone can type, so it carries only Kryon's own copy and the
   * labels of validated options: never a name, company or any other text the sender chose.
   */
  visitorMessage?: (data: T, context: VisitorMessageContext) => VisitorMessage;
  /**
   * The research report the lead asked for, if the form hands one out: its personal link is
   * given in the answer to the request as well as in the e-mail.
   */
  report?: (data: T) => string;
}

/** The labels of a multi-select's chosen values, for a person to read. */
export function labels(options: readonly Option[], values: readonly string[] | undefined): string {
  return (values ?? []).map((value) => optionLabel(options, value)).join(', ');
}

/** What the backend adds to a form's shared definition: its own words and rules. */
export interface BackendParts<T> {
  /** How sales call it, e.g. "Contact message". */
  title: string;
  /** The form in a subject, short: "Demo request". */
  subjectName: string;
  /** The subject of a reply sales start from the e-mail: Kryon's own words only. */
  replySubject: string;
  /** The answers the shared priority rule reads; absent for a form that asks none. */
  priority?: (data: T) => PriorityFacts;
  visitorMessage?: (data: T, context: VisitorMessageContext) => VisitorMessage;
  report?: (data: T) => string;
}

/**
 * The backend's view of one form: the sales e-mail's lines, the visitor's address and the
 * consent evidence all read from the shared definition, so a field added there reaches the
 * e-mail without an edit here. Erases the form's data type, so every definition fits the
 * registry and the domain.
 */
export function defineForm<S extends z.ZodMiniObject, F extends string>(
  lead: LeadFormDefinition<S, F>,
  own: BackendParts<z.output<S>>,
): FormDefinition {
  type T = z.output<S>;
  const shown = (name: F) => (data: T) =>
    displayValue(lead.fields[name], (data as Record<string, unknown>)[name]);
  const typed = (name: F) => isTyped(lead.fields[name]);
  const line = (name: F): EmailField<T> => ({
    label: lead.fields[name].label,
    value: shown(name),
    typed: typed(name),
  });
  // The summary line and the subject's start are the system's words: a field a visitor types
  // there could make a lead read as what it is not.
  for (const name of [...lead.sales.summary, lead.sales.qualifier]) {
    if (typed(name)) {
      throw new Error(
        `${lead.form}: ${name} is free text, not an option: it cannot lead a sales e-mail`,
      );
    }
  }
  const email = (data: T) => String((data as Record<string, unknown>)[lead.visitorEmail] ?? '');
  const { contact } = lead.sales;
  const consentField = (Object.keys(lead.fields) as F[]).find(
    (name) => lead.fields[name].kind === 'consent',
  );
  const consentSpec = consentField === undefined ? undefined : lead.fields[consentField];
  const definition: FormDefinition<T> = {
    form: lead.form,
    title: own.title,
    schema: lead.schema as unknown as z.ZodMiniType<T>,
    visitorEmail: email,
    sales: {
      subjectName: own.subjectName,
      company: shown(lead.sales.company),
      contact: (data) => ({
        name: shown(contact.name)(data) ?? '',
        ...(contact.title === undefined
          ? {}
          : { title: shown(contact.title)(data), titleTyped: typed(contact.title) }),
        email: email(data),
        ...(contact.phone === undefined ? {} : { phone: shown(contact.phone)(data) }),
      }),
      summary: (data) => lead.sales.summary.map((name) => shown(name)(data) ?? ''),
      qualifier: shown(lead.sales.qualifier),
      ...(own.priority ? { priority: own.priority } : {}),
      words: lead.sales.words.map(line),
      details: lead.sales.details.map(line),
      replySubject: own.replySubject,
    },
    ...(consentField !== undefined && consentSpec?.kind === 'consent'
      ? {
          consent: {
            value: (data: T) => (data as Record<string, unknown>)[consentField] === true,
            label: consentSpec.statement,
          },
        }
      : {}),
    ...(own.visitorMessage ? { visitorMessage: own.visitorMessage } : {}),
    ...(own.report ? { report: own.report } : {}),
  };
  return definition as unknown as FormDefinition;
}

/** Text the visitor typed, as opposed to an option chosen from a list the site wrote. */
export function isTyped(spec: FieldSpec): boolean {
  return (
    spec.kind === 'text' || spec.kind === 'email' || spec.kind === 'tel' || spec.kind === 'textarea'
  );
}
