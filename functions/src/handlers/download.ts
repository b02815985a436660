import { createFormHandler } from '../http/form-handler.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/download */
export const handler = createFormHandler(downloadForm, formDeps('download'));
