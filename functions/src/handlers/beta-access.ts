import { createFormHandler } from '../http/form-handler.ts';
import { betaAccessForm } from '../leads/forms/beta-access.ts';
import { apiHandler, formDeps, siteSecret } from '../wiring.ts';

/** POST /api/email/beta-access */
export const handler = apiHandler((secrets) =>
  createFormHandler(betaAccessForm, formDeps('beta-access', siteSecret(secrets))),
);
