import type { LeadForm } from '@kryon/shared/api';
import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import { CONTACT_SUBJECTS, optionLabel } from '@kryon/shared/options';
import type * as z from 'zod';

export interface EmailField<T> {
  label: string;
  value: (data: T) => string | undefined;
}

/**
 * Everything the backend knows about one form: the shared schema that validates it, and how
 * its notification e-mail reads. Adding a form is adding one entry here and one handler.
 */
export interface FormDefinition<T extends Record<string, unknown> = Record<string, unknown>> {
  form: LeadForm;
  /** How sales call it, e.g. "Contact message". */
  title: string;
  schema: z.ZodType<T>;
  /** The visitor's address: Reply-To of the sales e-mail, and the rate-limit key. */
  visitorEmail: (data: T) => string;
  /** The sales e-mail's subject: form, key choice and company. */
  salesSubject: (data: T) => string;
  fields: EmailField<T>[];
}

function defineForm<T extends Record<string, unknown>>(definition: FormDefinition<T>) {
  return definition as unknown as FormDefinition;
}

export const contactForm = defineForm<Contact>({
  form: 'contact',
  title: 'Contact message',
  schema: contactSchema,
  visitorEmail: (d) => d.email,
  salesSubject: (d) =>
    `Contact: ${optionLabel(CONTACT_SUBJECTS, d.subject)} from ${d.name}${d.company ? ` (${d.company})` : ''}`,
  fields: [
    { label: 'Name', value: (d) => d.name },
    { label: 'Email', value: (d) => d.email },
    { label: 'Company', value: (d) => d.company },
    { label: 'Phone', value: (d) => d.phone },
    { label: 'Subject', value: (d) => optionLabel(CONTACT_SUBJECTS, d.subject) },
    { label: 'Message', value: (d) => d.message },
  ],
});
