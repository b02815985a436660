import { contactForm } from '../leads/forms/contact.ts';
import { formHandler } from '../wiring.ts';

/** POST /api/email/contact */
export const handler = formHandler(contactForm);
