import { partnerForm } from '../leads/forms/partner.ts';
import { formHandler } from '../wiring.ts';

/** POST /api/email/partner */
export const handler = formHandler(partnerForm);
