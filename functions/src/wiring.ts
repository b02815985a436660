import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { LeadForm } from '@kryon/shared/api';
import {
  CHALLENGE_RATE_LIMIT,
  DATA_RETENTION,
  IP_RATE_LIMIT,
  MIN_FILL_MS,
  RATE_LIMIT,
} from '@kryon/shared/constants';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, UNSENT_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createAltchaService } from './adapters/altcha.ts';
import { displayNameProblem } from './adapters/display-name.ts';
import { createDynamoLeadStore, createDynamoWindowCounter } from './adapters/dynamodb.ts';
import { createDnsMailDomainCheck } from './adapters/mail-domain.ts';
import {
  createBrakeMetrics,
  createDeliveryMetrics,
  createLeadMetrics,
} from './adapters/metrics.ts';
import {
  createSecretsManagerReader,
  type SecretReader,
  type SecretVersions,
} from './adapters/secrets.ts';
import { createSesMailer, type SesMailerOptions } from './adapters/ses.ts';
import { listEnv, optionalEnv, requiredEnv } from './env.ts';
import { createFormHandler } from './http/form-handler.ts';
import { errorResponse, type HttpResponse } from './http/responses.ts';
import { siteOriginOnly } from './http/site-origin.ts';
import { lambdaHandler } from './lambda-handler.ts';
import {
  type ChallengePrice,
  checkPriceCurve,
  createChallengePrice,
  PRICE_CURVE,
  type PriceCurve,
} from './leads/challenge-price.ts';
import { type DeliveryConfig, MAX_SEND_ATTEMPTS } from './leads/deliver.ts';
import type { DeliveryEventDeps } from './leads/delivery-events.ts';
import { DIGEST_MAX_LEADS, DIGESTS_PER_HOUR } from './leads/digest.ts';
import type { FormDefinition } from './leads/form-definition.ts';
import { derivedSecret } from './leads/hash.ts';
import { MAIL_TO, mailToVariable } from './leads/mail-to.ts';
import type { BrakeMetrics, Log, MailDomainCheck } from './leads/ports.ts';
import type { ResendDeps } from './leads/resend-pending.ts';
import { isTimeZone } from './leads/sales-time.ts';
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
  return createSesMailer(sesClient(), mailerOptions());
}

/**
 * The senders, configuration sets and identity every e-mail is sent with: sales mail from
 * MAIL_FROM with SES_CONFIGURATION_SET, visitor mail from VISITOR_MAIL_FROM (a sending
 * identity of its own) with SES_VISITOR_CONFIGURATION_SET, each falling back to the sales
 * value when unset (the local stack, a deployment without a visitor identity or from before
 * the two streams). All are checked when the function starts, so a bad value fails the
 * deploy's first call instead of a lead's e-mail.
 */
export function mailerOptions(env: NodeJS.ProcessEnv = process.env): SesMailerOptions {
  const configurationSet = configurationSetName('SES_CONFIGURATION_SET', env);
  const visitorFrom = senderEnv('VISITOR_MAIL_FROM', env);
  return {
    from: senderEnv('MAIL_FROM', env) ?? requiredEnv('MAIL_FROM', env),
    ...(visitorFrom ? { visitorFrom } : {}),
    configurationSet,
    visitorConfigurationSet:
      configurationSetName('SES_VISITOR_CONFIGURATION_SET', env) ?? configurationSet,
    identity: env.SES_IDENTITY?.trim() || undefined,
  };
}

/**
 * A From header (MAIL_FROM, VISITOR_MAIL_FROM): one address (`no-reply@mail.kryon.example`) or a name and one
 * address in angle brackets (`Kryon <no-reply@mail.kryon.example>`), on one line. It becomes
 * a header as it is, so nothing else may get through.
 */
const SENDER = /^(?:[^\r\n<>@]*<[^\s@<>",;]+@[^\s@<>",;]+>|[^\s@<>",;]+@[^\s@<>",;]+)$/;

function senderEnv(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[name]?.trim() || undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  if (value !== undefined && (!SENDER.test(value) || /[\u0000-\u001f\u007f]/.test(value))) {
    throw new Error(
      `Environment variable ${name} must be a From address ("Kryon <no-reply@mail.kryon.example>" or "no-reply@mail.kryon.example"), not "${value}"`,
    );
  }
  return value;
}

/** SES names a configuration set with letters, digits, _ and - only, at most 64 of them. */
const CONFIGURATION_SET_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function configurationSetName(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[name]?.trim() || undefined;
  if (value !== undefined && !CONFIGURATION_SET_NAME.test(value)) {
    throw new Error(
      `Environment variable ${name} must be an SES configuration set name (letters, digits, _ and -, at most 64), not "${value}"`,
    );
  }
  return value;
}

/**
 * The one configuration set the visitor brake may pause: SES_VISITOR_CONFIGURATION_SET,
 * checked when the function starts. Unset, or the same as the sales set
 * (SES_CONFIGURATION_SET, when given), the function refuses to start: pausing it would stop
 * sales mail, which the brake must never do (decision 058).
 */
export function visitorBrakeConfigurationSet(env: NodeJS.ProcessEnv = process.env): string {
  const visitor = configurationSetName('SES_VISITOR_CONFIGURATION_SET', env);
  if (visitor === undefined) {
    throw new Error(
      'Missing required environment variable SES_VISITOR_CONFIGURATION_SET: the visitor brake pauses only the visitor configuration set',
    );
  }
  if (visitor === configurationSetName('SES_CONFIGURATION_SET', env)) {
    throw new Error(
      `SES_VISITOR_CONFIGURATION_SET names the sales configuration set ("${visitor}"): the visitor brake must never pause sales e-mail`,
    );
  }
  return visitor;
}

/** The brake's count (VisitorStreamPaused), in the namespace the other functions use. */
export function brakeMetrics(): BrakeMetrics {
  return createBrakeMetrics(powertoolsMetrics);
}

function leadMetrics() {
  return createLeadMetrics(powertoolsMetrics);
}

/**
 * The site's public origin, for links in e-mails and pages (SITE_ORIGIN). Required: a
 * default would send the visitors of a test deployment to production.
 */
export function siteOrigin(): string {
  return requiredEnv('SITE_ORIGIN');
}

/**
 * Personal report links: signed with a key derived from the site secret, working for
 * REPORT_LINK_DAYS days (7) from the request.
 */
export function reportLinkConfig(site: SecretVersions, env: NodeJS.ProcessEnv = process.env) {
  return {
    key: reportLinkKeys(site)[0] as string,
    days: positiveInt('REPORT_LINK_DAYS', 7, env),
  };
}

/**
 * The keys a report link is checked with: the current one, and during a rotation of the
 * site secret the previous one, so links already e-mailed keep working.
 */
export function reportLinkKeys(site: SecretVersions): string[] {
  return [site.current, site.previous]
    .filter((value): value is string => Boolean(value))
    .map((value) => derivedSecret(value, 'report-link'));
}

function deliveryConfig(form: LeadForm, site: SecretVersions): DeliveryConfig {
  return {
    recipients: formRecipients(form),
    siteOrigin: siteOrigin(),
    reportLink: reportLinkConfig(site),
    maxAttempts: MAX_SEND_ATTEMPTS,
    ...mailPresentation(),
  };
}

/**
 * How the e-mails read: the IANA zone sales see times in (SALES_TIME_ZONE, UTC) and the
 * sender name of e-mails to visitors (VISITOR_MAIL_FROM_NAME, "Kryon Sales"), which ask
 * the visitor to reply. Both are checked when the function starts.
 */
export function mailPresentation(env: NodeJS.ProcessEnv = process.env) {
  const salesTimeZone = optionalEnv('SALES_TIME_ZONE', 'UTC', env);
  if (!isTimeZone(salesTimeZone)) {
    throw new Error(
      `Environment variable SALES_TIME_ZONE must be an IANA time zone such as Europe/Berlin, not "${salesTimeZone}"`,
    );
  }
  const visitorFromName = optionalEnv('VISITOR_MAIL_FROM_NAME', 'Kryon Sales', env);
  const problem = displayNameProblem(visitorFromName);
  if (problem) {
    throw new Error(`Environment variable VISITOR_MAIL_FROM_NAME ${problem}`);
  }
  return { salesTimeZone, visitorFromName };
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

/** The secrets the functions work with. */
export interface Secrets {
  /**
   * The site's secret (IP_HASH_SECRET, named for its first use): keys the hashes of client
   * IPs and e-mail addresses and, derived per purpose, the browser check's and the report
   * links' signatures. Only the functions that use it are given it.
   */
  site: SecretVersions | undefined;
  /** The value CloudFront adds to every API request; unset locally, where none is checked. */
  originVerify: SecretVersions | undefined;
}

/** How long a warm function reuses a secret it read: a rotation reaches it within this. */
const SECRET_MAX_AGE_SECONDS = 300;
let secretReader: SecretReader | undefined;

/**
 * Deployed, each secret is read at run time from Secrets Manager by the ARN in
 * `<NAME>_ARN`, so no value sits in a function's configuration; the local stack and the
 * tests set the value itself in `<NAME>`.
 */
async function secretFrom(
  name: string,
  env: NodeJS.ProcessEnv,
): Promise<SecretVersions | undefined> {
  const arn = env[`${name}_ARN`]?.trim();
  if (arn) {
    secretReader ??= createSecretsManagerReader(new SecretsManagerClient({}), {
      maxAgeSeconds: SECRET_MAX_AGE_SECONDS,
    });
    return secretReader(arn);
  }
  const value = env[name]?.trim();
  return value ? { current: value } : undefined;
}

export async function loadSecrets(env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  const [site, originVerify] = await Promise.all([
    secretFrom('IP_HASH_SECRET', env),
    secretFrom('ORIGIN_VERIFY_SECRET', env),
  ]);
  return { site, originVerify };
}

/** The site secret of a function that needs it: a missing one is a deployment error. */
export function siteSecret(secrets: Secrets): SecretVersions {
  if (!secrets.site) {
    throw new Error('Missing required environment variable IP_HASH_SECRET_ARN or IP_HASH_SECRET');
  }
  return secrets.site;
}

type ApiHandler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

/**
 * An API function's entry point: logs tied to the API Gateway request, the secrets read at
 * run time, and only requests that came through CloudFront let in.
 */
export function apiHandler(build: (secrets: Secrets) => ApiHandler) {
  return lambdaHandler<Secrets, APIGatewayProxyEventV2, HttpResponse>({
    secrets: loadSecrets,
    build: (secrets) => siteOriginOnly(build(secrets), secrets.originVerify),
    logger,
    correlationId: (event) => event.requestContext?.requestId,
    unavailable: () =>
      errorResponse(503, ERROR_MESSAGES.unavailable, { headers: { 'retry-after': '60' } }),
  });
}

/** A form's function: POST /api/email/<form>, from the form's definition alone. */
export function formHandler(definition: FormDefinition) {
  return apiHandler((secrets) =>
    createFormHandler(definition, formDeps(definition.form, siteSecret(secrets))),
  );
}

/**
 * How long a warm function keeps the challenge price it read: the price lags the rate of
 * confirmations by at most this, and a busy function reads two counters this often at most.
 */
const PRICE_CACHE_MS = 1_000;
let price: ChallengePrice | undefined;

export function challengeService(site: SecretVersions) {
  price ??= createChallengePrice(
    createDynamoWindowCounter(dynamoClient(), requiredEnv('TABLE_NAME')),
    priceCurve(),
    { cacheMs: PRICE_CACHE_MS },
  );
  return createAltchaService({ secret: site.current, price });
}

/**
 * The challenge price's curve (docs/decisions/051): CHALLENGE_FREE_PER_WINDOW confirmations
 * per 10 minutes at the price of a quiet hour (50), one doubling per CHALLENGE_PER_DOUBLING
 * more (25), at most CHALLENGE_MAX_LEVEL doublings (4). Checked when the function starts.
 */
export function priceCurve(env: NodeJS.ProcessEnv = process.env): PriceCurve {
  return checkPriceCurve({
    windowMs: PRICE_CURVE.windowMs,
    free: wholeNumber('CHALLENGE_FREE_PER_WINDOW', PRICE_CURVE.free, env),
    perDoubling: wholeNumber('CHALLENGE_PER_DOUBLING', PRICE_CURVE.perDoubling, env),
    maxLevel: wholeNumber('CHALLENGE_MAX_LEVEL', PRICE_CURVE.maxLevel, env),
  });
}

/**
 * Challenges one client network may fetch a minute: CHALLENGE_RATE_LIMIT_PER_MINUTE (30).
 * The browser tests raise it: every journey comes from 127.0.0.1.
 */
export function challengeRateLimit(env: NodeJS.ProcessEnv = process.env) {
  return {
    ...CHALLENGE_RATE_LIMIT,
    max: positiveInt('CHALLENGE_RATE_LIMIT_PER_MINUTE', CHALLENGE_RATE_LIMIT.max, env),
  };
}

function wholeNumber(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const value = Number(optionalEnv(name, String(fallback), env));
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Environment variable ${name} must be a whole number`);
  }
  return value;
}

/**
 * Confirmations to typed addresses: VISITOR_MAIL_PER_ADDRESS a day to one address (3) and
 * VISITOR_MAIL_PER_HOUR over every form (400). A lead past either is still stored and sent
 * to sales; only the visitor's e-mail is withheld. The hourly ceiling is the last breaker:
 * the challenge price is what makes a flood dear (docs/decisions/051), and sized with it.
 */
export function visitorMailBudgets(env: NodeJS.ProcessEnv = process.env): VisitorMailBudgets {
  return {
    perRecipient: {
      max: positiveInt('VISITOR_MAIL_PER_ADDRESS', 3, env),
      windowMs: 24 * 60 * 60 * 1000,
    },
    ceiling: { max: positiveInt('VISITOR_MAIL_PER_HOUR', 400, env), windowMs: 60 * 60 * 1000 },
  };
}

/**
 * Unverified leads e-mailed to sales one by one: UNVERIFIED_SALES_MAIL_PER_HOUR over every
 * form (10). Past it, each is stored and listed in the next hourly digest instead.
 */
export function unverifiedSalesMailBudget(env: NodeJS.ProcessEnv = process.env) {
  return {
    max: positiveInt('UNVERIFIED_SALES_MAIL_PER_HOUR', 10, env),
    windowMs: 60 * 60 * 1000,
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

let dnsMailDomains: MailDomainCheck | undefined;

/**
 * Whether a confirmation is held back for an address whose domain DNS says takes no mail:
 * MAIL_DOMAIN_CHECK `dns` (the default, deployed) or `off` (the local stack: this machine has
 * no DNS to the internet, and every lookup would wait for its timeout). Checked when the
 * function starts. One check per warm function, so its answers are kept across requests.
 */
export function mailDomainCheck(env: NodeJS.ProcessEnv = process.env): MailDomainCheck | undefined {
  const mode = optionalEnv('MAIL_DOMAIN_CHECK', 'dns', env);
  if (mode === 'off') return undefined;
  if (mode !== 'dns') {
    throw new Error(`Environment variable MAIL_DOMAIN_CHECK must be "dns" or "off", not "${mode}"`);
  }
  // The SES endpoint this function sends through exists in every region: a resolver that
  // cannot find it cannot be believed when it says a visitor's domain does not exist.
  const region = env.AWS_REGION?.trim();
  dnsMailDomains ??= createDnsMailDomainCheck(
    region ? { knownHost: `email.${region}.amazonaws.com` } : {},
  );
  return dnsMailDomains;
}

export function formDeps(form: LeadForm, site: SecretVersions): LeadDeps {
  const mailDomains = mailDomainCheck();
  return {
    ...sharedDeps(),
    ...(mailDomains ? { mailDomains } : {}),
    challenges: challengeService(site),
    config: {
      ...deliveryConfig(form, site),
      retentionDays: Number(optionalEnv('RETENTION_DAYS', String(DATA_RETENTION.leadDays))),
      hashSecret: site.current,
      rateLimit: { email: RATE_LIMIT, ip: clientRateLimit() },
      visitorMail: visitorMailBudgets(),
      unverifiedSalesMail: unverifiedSalesMailBudget(),
      minFillMs: MIN_FILL_MS,
      sendLeaseMs: SEND_LEASE_MS,
      successMessage: SUCCESS_MESSAGES[form],
      unsentMessages: UNSENT_MESSAGES[form],
    },
  };
}

/** The re-send run's dependencies: every form's recipients, as each form's function has them. */
export function resendDeps(site: SecretVersions): ResendDeps {
  return {
    ...sharedDeps(),
    config: {
      recipientsFor: (form) => formRecipients(form),
      siteOrigin: siteOrigin(),
      reportLink: reportLinkConfig(site),
      maxAttempts: MAX_SEND_ATTEMPTS,
      ...mailPresentation(),
      leaseMs: RESEND_LEASE_MS,
      pageSize: 25,
      concurrency: 4,
      digestMaxLeads: DIGEST_MAX_LEADS,
      digestsPerHour: positiveInt('SALES_DIGESTS_PER_HOUR', DIGESTS_PER_HOUR, process.env),
    },
  };
}

/**
 * The delivery-events function's dependencies: the table, the site secret's current value
 * (what our suppression list's keyed hashes of addresses are made with), how long an address stays suppressed
 * (RETENTION_DAYS, as long as a lead) and the two configuration sets' names, which tell an
 * event's stream (with the same fallback as the mailer: visitor mail goes with the sales set
 * when SES_VISITOR_CONFIGURATION_SET is unset).
 */
export function deliveryEventDeps(
  site: SecretVersions,
  env: NodeJS.ProcessEnv = process.env,
): DeliveryEventDeps {
  const sales = configurationSetName('SES_CONFIGURATION_SET', env);
  return {
    store: leadStore(),
    metrics: createDeliveryMetrics(powertoolsMetrics),
    log,
    now: () => new Date(),
    config: {
      hashSecret: site.current,
      retentionDays: Number(optionalEnv('RETENTION_DAYS', String(DATA_RETENTION.leadDays), env)),
      // The first wait is longer than a send takes; the second covers a slow one (the SDK's
      // retries and backoff). Together 13 s, well inside the function's 30 s timeout.
      recheckAfterMs: [3_000, 10_000],
      salesConfigurationSet: sales,
      visitorConfigurationSet: configurationSetName('SES_VISITOR_CONFIGURATION_SET', env) ?? sales,
    },
  };
}

/** MAIL_TO_<FORM> (e.g. MAIL_TO_BETA_ACCESS) routes one form elsewhere; MAIL_TO is the rest. */
export function formRecipients(form: LeadForm, env: NodeJS.ProcessEnv = process.env): string[] {
  const specific = mailToVariable(form);
  return env[specific]?.trim() ? listEnv(specific, env) : listEnv(MAIL_TO, env);
}
