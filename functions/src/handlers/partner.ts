import { createFormHandler } from '../http/form-handler.ts';
import { siteOriginOnly } from '../http/site-origin.ts';
import { partnerForm } from '../leads/forms/partner.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/partner */
export const handler = siteOriginOnly(createFormHandler(partnerForm, formDeps('partner')));
