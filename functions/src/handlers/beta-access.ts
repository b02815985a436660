import { createFormHandler } from '../http/form-handler.ts';
import { siteOriginOnly } from '../http/site-origin.ts';
import { betaAccessForm } from '../leads/forms/beta-access.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/beta-access */
export const handler = siteOriginOnly(createFormHandler(betaAccessForm, formDeps('beta-access')));
