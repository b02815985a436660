import { contactDefinition } from '@kryon/shared/forms/contact';
import { defineForm } from '../form-definition.ts';

/** The contact form: a sales notification only, as it always was. */
export const contactForm = defineForm(contactDefinition, {
  title: 'Contact message',
  subjectName: 'Contact',
  replySubject: 'Your message to Kryon',
});
