import { createFormHandler } from '../http/form-handler.ts';
import { siteOriginOnly } from '../http/site-origin.ts';
import { contactForm } from '../leads/forms/contact.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/contact */
export const handler = siteOriginOnly(createFormHandler(contactForm, formDeps('contact')));
