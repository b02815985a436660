import { createFormHandler } from '../http/form-handler.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { apiHandler, formDeps, siteSecret } from '../wiring.ts';

/** POST /api/email/download */
export const handler = apiHandler((secrets) =>
  createFormHandler(downloadForm, formDeps('download', siteSecret(secrets))),
);
