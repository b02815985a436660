import { createFormHandler } from '../http/form-handler.ts';
import { demoForm } from '../leads/forms/demo.ts';
import { apiHandler, formDeps, siteSecret } from '../wiring.ts';

/** POST /api/email/demo */
export const handler = apiHandler((secrets) =>
  createFormHandler(demoForm, formDeps('demo', siteSecret(secrets))),
);
