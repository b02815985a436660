import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import { CONTACT_SUBJECTS, optionLabel } from '@kryon/shared/options';
import { defineForm } from '../form-definition.ts';

/** The contact form: a sales notification only, as it always was. */
export const contactForm = defineForm<Contact>({
  form: 'contact',
  title: 'Contact message',
  schema: contactSchema,
  visitorEmail: (d) => d.email,
  sales: {
    subjectName: 'Contact',
    company: (d) => d.company,
    contact: (d) => ({ name: d.name, email: d.email, phone: d.phone }),
    summary: (d) => [optionLabel(CONTACT_SUBJECTS, d.subject)],
    qualifier: (d) => optionLabel(CONTACT_SUBJECTS, d.subject),
    words: [{ label: 'Message', value: (d) => d.message }],
    details: [{ label: 'Subject', value: (d) => optionLabel(CONTACT_SUBJECTS, d.subject) }],
    replySubject: 'Your message to Kryon',
  },
});
