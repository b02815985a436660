import { betaAccessForm } from '../leads/forms/beta-access.ts';
import { formHandler } from '../wiring.ts';

/** POST /api/email/beta-access */
export const handler = formHandler(betaAccessForm);
