import { createFormHandler } from '../http/form-handler.ts';
import { contactForm } from '../leads/forms/contact.ts';
import { apiHandler, formDeps, siteSecret } from '../wiring.ts';

/** POST /api/email/contact */
export const handler = apiHandler((secrets) =>
  createFormHandler(contactForm, formDeps('contact', siteSecret(secrets))),
);
