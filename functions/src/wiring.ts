import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { LeadForm } from '@kryon/shared/api';
import { IP_RATE_LIMIT, MIN_FILL_MS, RATE_LIMIT } from '@kryon/shared/constants';
import { SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { createAltchaService } from './adapters/altcha.ts';
import { createDynamoLeadStore } from './adapters/dynamodb.ts';
import { createLeadMetrics } from './adapters/metrics.ts';
import { createSesMailer } from './adapters/ses.ts';
import { listEnv, optionalEnv, requiredEnv } from './env.ts';
import { type DeliveryConfig, MAX_SEND_ATTEMPTS } from './leads/deliver.ts';
import { derivedSecret } from './leads/hash.ts';
import type { Log } from './leads/ports.ts';
import type { ResendDeps } from './leads/resend-pending.ts';
import type { LeadDeps } from './leads/submit-lead.ts';
import type { VisitorMailBudgets } from './leads/visitor-mail.ts';

/*
 * Production wiring, evaluated once per Lambda container (or local server process). The
 * SDK clients take endpoints from the standard AWS_ENDPOINT_URL_DYNAMODB and
 * AWS_ENDPOINT_URL_SESV2 variables, so the local stack points them at the emulators with
 * configuration only.
 */

const serviceName = optionalEnv('POWERTOOLS_SERVICE_NAME', 'kryon-leads');

export const logger = new Logger({
  serviceName,
  persistentKeys: { version: optionalEnv('APP_VERSION', 'dev') },
});

/** CloudWatch metrics in the `Kryon/Leads` namespace, read by the deployed alarms. */
const powertoolsMetrics = new Metrics({
  namespace: optionalEnv('POWERTOOLS_METRICS_NAMESPACE', 'Kryon/Leads'),
  serviceName,
});

export const log: Log = {
  info: (message, extra = {}) => logger.info(message, extra),
  warn: (message, extra = {}) => logger.warn(message, extra),
  error: (message, extra = {}) => logger.error(message, extra),
};

/**
 * How long the function that stores a lead keeps it to itself while it sends: longer than
 * a form function's timeout (8 s), so a re-send never races a send still in flight.
 */
const SEND_LEASE_MS = 60_000;
/** How long a re-send run keeps a claimed lead to itself: far longer than one send takes. */
const RESEND_LEASE_MS = 120_000;

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
    identity: process.env.SES_IDENTITY?.trim() || undefined,
  });
}

function leadMetrics() {
  return createLeadMetrics(powertoolsMetrics);
}

/** The site's public origin, for links in e-mails and pages (SITE_ORIGIN). */
export function siteOrigin(): string {
  return optionalEnv('SITE_ORIGIN', 'https://kryon.security');
}

/**
 * Personal report links: signed with a key derived from the site secret, working for
 * REPORT_LINK_DAYS days (7) from the request.
 */
export function reportLinkConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    key: derivedSecret(siteSecret(), 'report-link'),
    days: positiveInt('REPORT_LINK_DAYS', 7, env),
  };
}

function deliveryConfig(form: LeadForm): DeliveryConfig {
  return {
    recipients: formRecipients(form),
    siteOrigin: siteOrigin(),
    reportLink: reportLinkConfig(),
    maxAttempts: MAX_SEND_ATTEMPTS,
  };
}

/** What every lead function works with: the table, SES, metrics, logs, clock and ids. */
function sharedDeps() {
  return {
    store: leadStore(),
    mailer: mailer(),
    metrics: leadMetrics(),
    log,
    now: () => new Date(),
    newId: randomUUID,
  };
}

/**
 * The site's secret (env IP_HASH_SECRET, named for its first use): keys the hashes of client
 * IPs and e-mail addresses and, derived per purpose, the browser check's signatures.
 */
export function siteSecret(): string {
  return requiredEnv('IP_HASH_SECRET');
}

export function challengeService() {
  return createAltchaService({ secret: siteSecret() });
}

/**
 * Confirmations to typed addresses: VISITOR_MAIL_PER_ADDRESS a day to one address (3) and
 * VISITOR_MAIL_PER_HOUR over every form (200). A lead past either is still stored and sent
 * to sales; only the visitor's e-mail is withheld.
 */
export function visitorMailBudgets(env: NodeJS.ProcessEnv = process.env): VisitorMailBudgets {
  return {
    perRecipient: {
      max: positiveInt('VISITOR_MAIL_PER_ADDRESS', 3, env),
      windowMs: 24 * 60 * 60 * 1000,
    },
    ceiling: { max: positiveInt('VISITOR_MAIL_PER_HOUR', 200, env), windowMs: 60 * 60 * 1000 },
  };
}

function positiveInt(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const value = Number(optionalEnv(name, String(fallback), env));
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Environment variable ${name} must be a whole number of at least 1`);
  }
  return value;
}

/**
 * The per-client budget: IP_RATE_LIMIT_PER_MINUTE submissions a minute from one client
 * address (20). The browser tests raise it: every journey comes from 127.0.0.1.
 */
function clientRateLimit(env: NodeJS.ProcessEnv = process.env) {
  return { ...IP_RATE_LIMIT, max: positiveInt('IP_RATE_LIMIT_PER_MINUTE', IP_RATE_LIMIT.max, env) };
}

export function formDeps(form: LeadForm): LeadDeps {
  return {
    ...sharedDeps(),
    challenges: challengeService(),
    config: {
      ...deliveryConfig(form),
      retentionDays: Number(optionalEnv('RETENTION_DAYS', '730')),
      hashSecret: siteSecret(),
      rateLimit: { email: RATE_LIMIT, ip: clientRateLimit() },
      visitorMail: visitorMailBudgets(),
      minFillMs: MIN_FILL_MS,
      sendLeaseMs: SEND_LEASE_MS,
      successMessage: SUCCESS_MESSAGES[form],
    },
  };
}

/** The re-send run's dependencies: every form's recipients, as each form's function has them. */
export function resendDeps(): ResendDeps {
  return {
    ...sharedDeps(),
    config: {
      recipientsFor: (form) => formRecipients(form),
      siteOrigin: siteOrigin(),
      reportLink: reportLinkConfig(),
      maxAttempts: MAX_SEND_ATTEMPTS,
      leaseMs: RESEND_LEASE_MS,
      pageSize: 25,
      concurrency: 4,
    },
  };
}

/** MAIL_TO_<FORM> (e.g. MAIL_TO_BETA_ACCESS) routes one form elsewhere; MAIL_TO is the rest. */
export function formRecipients(form: LeadForm, env: NodeJS.ProcessEnv = process.env): string[] {
  const specific = `MAIL_TO_${form.toUpperCase().replace(/-/g, '_')}`;
  return env[specific]?.trim() ? listEnv(specific, env) : listEnv('MAIL_TO', env);
}
