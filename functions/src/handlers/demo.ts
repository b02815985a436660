import { createFormHandler } from '../http/form-handler.ts';
import { siteOriginOnly } from '../http/site-origin.ts';
import { demoForm } from '../leads/forms/demo.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/demo */
export const handler = siteOriginOnly(createFormHandler(demoForm, formDeps('demo')));
