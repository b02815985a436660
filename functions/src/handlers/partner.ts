import { createFormHandler } from '../http/form-handler.ts';
import { partnerForm } from '../leads/forms/partner.ts';
import { apiHandler, formDeps, siteSecret } from '../wiring.ts';

/** POST /api/email/partner */
export const handler = apiHandler((secrets) =>
  createFormHandler(partnerForm, formDeps('partner', siteSecret(secrets))),
);
