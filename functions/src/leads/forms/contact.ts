import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import { CONTACT_SUBJECTS, optionLabel } from '@kryon/shared/options';
import { defineForm } from '../form-definition.ts';

/** The contact form: a sales notification only, as it always was. */
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
