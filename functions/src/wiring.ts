import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { LeadForm } from '@kryon/shared/api';
import { RATE_LIMIT } from '@kryon/shared/constants';
import { SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { createDynamoLeadStore } from './adapters/dynamodb.ts';
import { createSesMailer } from './adapters/ses.ts';
import { listEnv, optionalEnv, requiredEnv } from './env.ts';
import type { LeadDeps, Log } from './leads/submit-lead.ts';

/*
 * Production wiring, evaluated once per Lambda container (or local server process). The
 * SDK clients take endpoints from the standard AWS_ENDPOINT_URL_DYNAMODB and
 * AWS_ENDPOINT_URL_SESV2 variables, so the local stack points them at the emulators with
 * configuration only.
 */

export const logger = new Logger({
  serviceName: optionalEnv('POWERTOOLS_SERVICE_NAME', 'kryon-leads'),
});

const log: Log = {
  info: (message, extra = {}) => logger.info(message, extra),
  warn: (message, extra = {}) => logger.warn(message, extra),
  error: (message, extra = {}) => logger.error(message, extra),
};

let dynamo: DynamoDBClient | undefined;
let ses: SESv2Client | undefined;

export function dynamoClient(): DynamoDBClient {
  dynamo ??= new DynamoDBClient({});
  return dynamo;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({});
  return ses;
}

export function leadStore() {
  return createDynamoLeadStore(dynamoClient(), requiredEnv('TABLE_NAME'));
}

export function mailer() {
  return createSesMailer(sesClient(), {
    from: requiredEnv('MAIL_FROM'),
    configurationSet: process.env.SES_CONFIGURATION_SET?.trim() || undefined,
  });
}

export function formDeps(form: LeadForm): LeadDeps {
  return {
    store: leadStore(),
    mailer: mailer(),
    log,
    now: () => new Date(),
    newId: randomUUID,
    config: {
      recipients: formRecipients(form),
      retentionDays: Number(optionalEnv('RETENTION_DAYS', '730')),
      ipHashSecret: optionalEnv('IP_HASH_SECRET', ''),
      rateLimit: RATE_LIMIT,
      successMessage: SUCCESS_MESSAGES[form],
      siteOrigin: optionalEnv('SITE_ORIGIN', 'https://kryon.security'),
    },
  };
}

/** MAIL_TO_<FORM> (e.g. MAIL_TO_BETA_ACCESS) routes one form elsewhere; MAIL_TO is the rest. */
export function formRecipients(form: LeadForm, env: NodeJS.ProcessEnv = process.env): string[] {
  const specific = `MAIL_TO_${form.toUpperCase().replace(/-/g, '_')}`;
  return env[specific]?.trim() ? listEnv(specific, env) : listEnv('MAIL_TO', env);
}
