import { demoForm } from '../leads/forms/demo.ts';
import { formHandler } from '../wiring.ts';

/** POST /api/email/demo */
export const handler = formHandler(demoForm);
