import { createFormHandler } from '../http/form-handler.ts';
import { demoForm } from '../leads/forms/demo.ts';
import { formDeps } from '../wiring.ts';

/** POST /api/email/demo */
export const handler = createFormHandler(demoForm, formDeps('demo'));
