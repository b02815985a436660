import { createFormHandler } from '../http/form-handler.ts';
import { partnerForm } from '../leads/forms/partner.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/partner */
export const handler = createFormHandler(partnerForm, formDeps('partner'));
