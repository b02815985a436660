import { contactDefinition } from '@kryon/shared/forms/contact';
import { defineForm } from '../form-definition.ts';

/** How the backend words the contact form's e-mail. */
export const contactWords = {
  title: 'Contact message',
  subjectName: 'Contact',
  replySubject: 'Your message to Kryon',
} as const;

/** The contact form: a sales notification only, as it always was. */
export const contactForm = defineForm(contactDefinition, contactWords);
