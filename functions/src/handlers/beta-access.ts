import { createFormHandler } from '../http/form-handler.ts';
import { betaAccessForm } from '../leads/forms/beta-access.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/beta-access */
export const handler = createFormHandler(betaAccessForm, formDeps('beta-access'));
