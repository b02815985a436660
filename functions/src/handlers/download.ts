import { downloadForm } from '../leads/forms/download.ts';
import { formHandler } from '../wiring.ts';

/** POST /api/email/download */
export const handler = formHandler(downloadForm);
