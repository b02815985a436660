import { createFormHandler } from '../http/form-handler.ts';
import { siteOriginOnly } from '../http/site-origin.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/download */
export const handler = siteOriginOnly(createFormHandler(downloadForm, formDeps('download')));
