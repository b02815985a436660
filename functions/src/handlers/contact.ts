import { createFormHandler } from '../http/form-handler.ts';
import { contactForm } from '../leads/forms/contact.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/contact */
export const handler = createFormHandler(contactForm, formDeps('contact'));
