import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { LeadForm } from '@kryon/shared/api';
import {
  CHALLENGE_RATE_LIMIT,
  IP_RATE_LIMIT,
  MIN_FILL_MS,
  RATE_LIMIT,
} from '@kryon/shared/constants';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, UNSENT_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createAltchaService } from './adapters/altcha.ts';
import { createDynamoBrakeStateStore } from './adapters/brake-state.ts';
import {
  createDynamoLeadStore,
  createDynamoWindowCounter,
  createErasedLeadCheck,
} from './adapters/dynamodb.ts';
import { createEventBridgeBus } from './adapters/event-bus.ts';
import { createFetchPost } from './adapters/http-post.ts';
import { createDnsMailDomainCheck } from './adapters/mail-domain.ts';
import {
  createBrakeMetrics,
  createDeliveryMetrics,
  createLeadEventMetrics,
  createLeadMetrics,
} from './adapters/metrics.ts';
import {
  createSecretsManagerReader,
  type SecretReader,
  type SecretVersions,
} from './adapters/secrets.ts';
import { createSesMailer, createSesVisitorBrake, type SesMailerOptions } from './adapters/ses.ts';
import {
  createSqsClient,
  createSqsDeadLetter,
  createSqsDelete,
  createSqsRetryAfter,
} from './adapters/sqs.ts';
import { signWebhook } from './adapters/webhook-signer.ts';
import {
  type ChallengeConfig,
  type DeliveryEventsConfig,
  type FormConfig,
  formConfig,
  type HealthConfig,
  type LeadEventDeliveryConfig,
  loggingConfig,
  type ResendConfig,
  readConfig,
  type VisitorBrakeConfig,
} from './config.ts';
import { createFormHandler } from './http/form-handler.ts';
import { errorResponse, type HttpResponse } from './http/responses.ts';
import { siteOriginOnly } from './http/site-origin.ts';
import { lambdaHandler } from './lambda-handler.ts';
import {
  type ChallengePrice,
  createChallengePrice,
  PRICE_CURVE,
  type PriceCurve,
} from './leads/challenge-price.ts';
import { MAX_SEND_ATTEMPTS } from './leads/deliver.ts';
import { webhookCredential } from './leads/deliver-event.ts';
import type { DeliveryEventDeps } from './leads/delivery-events.ts';
import { DIGEST_MAX_LEADS } from './leads/digest.ts';
import type { FormDefinition } from './leads/form-definition.ts';
import { derivedSecret } from './leads/hash.ts';
import type { LeadEventQueueDeps } from './leads/lead-event-queue.ts';
import type { BrakeMetrics, LeadEventBus, Log, MailDomainCheck } from './leads/ports.ts';
import type { ResendDeps } from './leads/resend-pending.ts';
import type { LeadDeps } from './leads/submit-lead.ts';
import type { VisitorBrakeDeps } from './leads/visitor-brake.ts';
import type { VisitorMailBudgets } from './leads/visitor-mail.ts';
import type { SettingsOf } from './settings.ts';

/*
 * Production wiring, built from the configuration each entry reads at cold start (decision 066);
 * SDK endpoints come from the standard AWS_ENDPOINT_URL_* variables (decision 004).
 */

const logging = readConfig(loggingConfig);

export const logger = new Logger({
  serviceName: logging.POWERTOOLS_SERVICE_NAME,
  persistentKeys: { version: logging.APP_VERSION },
});

/** CloudWatch metrics in the `Kryon/Leads` namespace, read by the deployed alarms. */
const powertoolsMetrics = new Metrics({
  namespace: logging.POWERTOOLS_METRICS_NAMESPACE,
  serviceName: logging.POWERTOOLS_SERVICE_NAME,
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

function dynamoClient(): DynamoDBClient {
  dynamo ??= new DynamoDBClient({});
  return dynamo;
}

function sesClient(): SESv2Client {
  ses ??= new SESv2Client({});
  return ses;
}

export function leadStore(config: Pick<HealthConfig, 'TABLE_NAME'>) {
  return createDynamoLeadStore(dynamoClient(), config.TABLE_NAME);
}

type SendingConfig = Pick<
  HealthConfig,
  | 'MAIL_FROM'
  | 'VISITOR_MAIL_FROM'
  | 'SES_CONFIGURATION_SET'
  | 'SES_VISITOR_CONFIGURATION_SET'
  | 'SES_IDENTITY'
>;

export function mailer(config: SendingConfig) {
  return createSesMailer(sesClient(), mailerOptions(config));
}

/**
 * Sales mail from MAIL_FROM with SES_CONFIGURATION_SET, visitor mail from VISITOR_MAIL_FROM with
 * SES_VISITOR_CONFIGURATION_SET, each falling back to the sales value (decisions 055, 061).
 */
export function mailerOptions(config: SendingConfig): SesMailerOptions {
  const configurationSet = config.SES_CONFIGURATION_SET;
  return {
    from: config.MAIL_FROM,
    ...(config.VISITOR_MAIL_FROM ? { visitorFrom: config.VISITOR_MAIL_FROM } : {}),
    configurationSet,
    visitorConfigurationSet: visitorConfigurationSet(config),
    identity: config.SES_IDENTITY,
  };
}

/** The visitor stream's set: its own, or the sales set when it has none (decision 055). */
function visitorConfigurationSet(
  config: Pick<SendingConfig, 'SES_CONFIGURATION_SET' | 'SES_VISITOR_CONFIGURATION_SET'>,
): string | undefined {
  return config.SES_VISITOR_CONFIGURATION_SET ?? config.SES_CONFIGURATION_SET;
}

/** The brake's count (VisitorStreamPaused), in the namespace the other functions use. */
function brakeMetrics(): BrakeMetrics {
  return createBrakeMetrics(powertoolsMetrics);
}

/**
 * The visitor brake as its function and ops' command run it: the visitor set's switch at SES,
 * its item in the table, and the cool-down in milliseconds.
 */
export function visitorBrakeDeps(config: VisitorBrakeConfig): VisitorBrakeDeps {
  return {
    brake: createSesVisitorBrake(sesClient(), {
      // The schema refuses an unset visitor set, or the sales set's name (decision 066).
      visitorConfigurationSet: config.SES_VISITOR_CONFIGURATION_SET as string,
    }),
    store: createDynamoBrakeStateStore(dynamoClient(), config.TABLE_NAME),
    log,
    metrics: brakeMetrics(),
    now: () => new Date(),
    settings: {
      coolDownMs: config.settings.visitorBrake.coolDownMinutes * 60_000,
      maxCoolDownMs: config.settings.visitorBrake.maxCoolDownMinutes * 60_000,
    },
  };
}

export function leadMetrics() {
  return createLeadMetrics(powertoolsMetrics);
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

type PresentationConfig = Pick<FormConfig, 'SITE_ORIGIN'> & {
  settings: Pick<SettingsOf<'form' | 'resend'>, 'reportLink' | 'sales' | 'visitorMail'>;
};

/**
 * How every lead's e-mails read and link, the same for a form's function and the re-send;
 * report links are signed with a key derived from the site secret.
 */
function deliveryConfig(site: SecretVersions, { SITE_ORIGIN, settings }: PresentationConfig) {
  return {
    siteOrigin: SITE_ORIGIN,
    reportLink: { key: reportLinkKeys(site)[0] as string, days: settings.reportLink.days },
    maxAttempts: MAX_SEND_ATTEMPTS,
    salesTimeZone: settings.sales.timeZone,
    visitorMailFromName: settings.visitorMail.fromName,
  };
}

/** What every lead function works with: the table, SES, metrics, logs, clock and ids. */
function sharedDeps(config: Pick<HealthConfig, 'TABLE_NAME'> & SendingConfig & EventBusConfig) {
  const bus = leadEventBus(config);
  return {
    store: leadStore(config),
    mailer: mailer(config),
    metrics: leadMetrics(),
    log,
    now: () => new Date(),
    newId: randomUUID,
    ...(bus ? { bus } : {}),
  };
}

type EventBusConfig = { LEAD_EVENT_BUS_NAME?: string };

/** The lead-event bus LEAD_EVENT_BUS_NAME names, or none where it is unset (decision 090). */
export function leadEventBus(config: EventBusConfig): LeadEventBus | undefined {
  return config.LEAD_EVENT_BUS_NAME ? createEventBridgeBus(config.LEAD_EVENT_BUS_NAME) : undefined;
}

/** The secrets the functions work with. */
export interface Secrets {
  /**
   * The site's secret (IP_HASH_SECRET, named for its first use): keys the address and IP hashes
   * and, derived per purpose, the challenge and report-link signatures (decision 015).
   */
  site: SecretVersions | undefined;
  /** The value CloudFront adds to every API request; unset locally, where none is checked. */
  originVerify: SecretVersions | undefined;
}

/** Where a function's secrets are: ARNs deployed, values locally (config.ts). */
type SecretsConfig = Pick<
  HealthConfig,
  'IP_HASH_SECRET_ARN' | 'IP_HASH_SECRET' | 'ORIGIN_VERIFY_SECRET_ARN' | 'ORIGIN_VERIFY_SECRET'
>;

/** How long a warm function reuses a secret it read: a rotation reaches it within this. */
const SECRET_MAX_AGE_SECONDS = 300;
let secretReader: SecretReader | undefined;

/**
 * Deployed, a secret is read at run time by the ARN in `<NAME>_ARN`; locally its value is in
 * `<NAME>` (decision 035).
 */
async function secretFrom(
  arn: string | undefined,
  value: string | undefined,
): Promise<SecretVersions | undefined> {
  if (arn) {
    secretReader ??= createSecretsManagerReader(new SecretsManagerClient({}), {
      maxAgeSeconds: SECRET_MAX_AGE_SECONDS,
    });
    return secretReader(arn);
  }
  return value ? { current: value } : undefined;
}

export async function loadSecrets(config: SecretsConfig): Promise<Secrets> {
  const [site, originVerify] = await Promise.all([
    secretFrom(config.IP_HASH_SECRET_ARN, config.IP_HASH_SECRET),
    secretFrom(config.ORIGIN_VERIFY_SECRET_ARN, config.ORIGIN_VERIFY_SECRET),
  ]);
  return { site, originVerify };
}

/**
 * The site secret of a function that needs it. Its variable is checked at cold start
 * (config.ts), so this guards against a reader that found nothing.
 */
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
export function apiHandler(config: SecretsConfig, build: (secrets: Secrets) => ApiHandler) {
  return lambdaHandler<Secrets, APIGatewayProxyEventV2, HttpResponse>({
    secrets: () => loadSecrets(config),
    build: (secrets) => siteOriginOnly(build(secrets), secrets.originVerify),
    logger,
    correlationId: (event) => event.requestContext?.requestId,
    unavailable: () =>
      errorResponse(503, ERROR_MESSAGES.unavailable, { headers: { 'retry-after': '60' } }),
  });
}

/**
 * A form's function: POST /api/email/<form>, from the form's definition alone; its
 * configuration is read on import, so a bad one fails the cold start (decision 066).
 */
export function formHandler(definition: FormDefinition, env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(formConfig(definition.form), env);
  return apiHandler(config, (secrets) =>
    createFormHandler(definition, formDeps(definition.form, siteSecret(secrets), config)),
  );
}

/**
 * How long a warm function keeps the challenge price it read: the price lags the rate of
 * confirmations by at most this, and a busy function reads two counters this often at most.
 */
const PRICE_CACHE_MS = 1_000;
let price: ChallengePrice | undefined;

/** What the form and challenge functions both read of the price. */
type ChallengePriceConfig = Pick<ChallengeConfig, 'TABLE_NAME'> & {
  settings: Pick<SettingsOf<'form' | 'challenge'>, 'challenge'>;
};

export function challengeService(site: SecretVersions, config: ChallengePriceConfig) {
  price ??= createChallengePrice(
    createDynamoWindowCounter(dynamoClient(), config.TABLE_NAME),
    priceCurve(config),
    { cacheMs: PRICE_CACHE_MS },
  );
  return createAltchaService({ secret: site.current, price });
}

/** The challenge price's curve (decision 051) from the settings, over PRICE_CURVE's window. */
export function priceCurve({ settings }: Pick<ChallengePriceConfig, 'settings'>): PriceCurve {
  const { freePerWindow, perDoubling, maxLevel } = settings.challenge;
  return { windowMs: PRICE_CURVE.windowMs, free: freePerWindow, perDoubling, maxLevel };
}

/** Challenges one client network may fetch a minute (the browser tests raise it). */
export function challengeRateLimit({ settings }: Pick<ChallengeConfig, 'settings'>) {
  return { ...CHALLENGE_RATE_LIMIT, max: settings.challenge.rateLimitPerMinute };
}

/** Confirmations to typed addresses: a day to one address, and an hour over every form. */
export function visitorMailBudgets({ settings }: Pick<FormConfig, 'settings'>): VisitorMailBudgets {
  return {
    perAddress: { max: settings.visitorMail.perAddress, windowMs: 24 * 60 * 60 * 1000 },
    perHour: { max: settings.visitorMail.perHour, windowMs: 60 * 60 * 1000 },
  };
}

let dnsMailDomains: MailDomainCheck | undefined;

/**
 * Whether a confirmation is held back for a domain DNS says takes no mail: MAIL_DOMAIN_CHECK
 * `dns`, or `off` locally (decision 059). One check per warm function, its answers kept.
 */
export function mailDomainCheck(
  config: Pick<FormConfig, 'MAIL_DOMAIN_CHECK' | 'AWS_REGION'>,
): MailDomainCheck | undefined {
  if (config.MAIL_DOMAIN_CHECK === 'off') return undefined;
  // The SES endpoint this function sends through exists in every region: a resolver that
  // cannot find it cannot be believed when it says a visitor's domain does not exist.
  const region = config.AWS_REGION;
  dnsMailDomains ??= createDnsMailDomainCheck(
    region ? { knownHost: `email.${region}.amazonaws.com` } : {},
  );
  return dnsMailDomains;
}

/** One form's dependencies, from its function's configuration (formConfig in config.ts). */
export function formDeps(form: LeadForm, site: SecretVersions, config: FormConfig): LeadDeps {
  const mailDomains = mailDomainCheck(config);
  return {
    ...sharedDeps(config),
    ...(mailDomains ? { mailDomains } : {}),
    challenges: challengeService(site, config),
    config: {
      recipients: config.recipients,
      ...deliveryConfig(site, config),
      retentionDays: config.RETENTION_DAYS,
      hashSecret: site.current,
      rateLimit: {
        email: RATE_LIMIT,
        ip: { ...IP_RATE_LIMIT, max: config.settings.ipRateLimit.perMinute },
      },
      visitorMail: visitorMailBudgets(config),
      unverifiedSalesMail: {
        max: config.settings.unverifiedSalesMail.perHour,
        windowMs: 60 * 60 * 1000,
      },
      minFillMs: MIN_FILL_MS,
      sendLeaseMs: SEND_LEASE_MS,
      successMessage: SUCCESS_MESSAGES[form],
      unsentMessages: UNSENT_MESSAGES[form],
    },
  };
}

/** The re-send run's dependencies: every form's recipients, as each form's function has them. */
export function resendDeps(site: SecretVersions, config: ResendConfig): ResendDeps {
  return {
    ...sharedDeps(config),
    config: {
      recipientsFor: (form) => config.recipientsByForm[form],
      ...deliveryConfig(site, config),
      leaseMs: RESEND_LEASE_MS,
      pageSize: 25,
      concurrency: 4,
      digestMaxLeads: DIGEST_MAX_LEADS,
      digestLeadsPerNetwork: config.settings.sales.digestLeadsPerNetwork,
      digestsPerHour: config.settings.sales.digestsPerHour,
    },
  };
}

/**
 * The delivery-events function's dependencies: the table, the site secret's current value (it
 * keys the suppression list's hashes), RETENTION_DAYS (as long as a lead) and the two sets'
 * names, which tell an event's stream, with the mailer's fallback (decision 055).
 */
export function deliveryEventDeps(
  site: SecretVersions,
  config: DeliveryEventsConfig,
): DeliveryEventDeps {
  const bus = leadEventBus(config);
  return {
    store: leadStore(config),
    metrics: createDeliveryMetrics(powertoolsMetrics),
    leadMetrics: leadMetrics(),
    log,
    now: () => new Date(),
    ...(bus ? { bus } : {}),
    config: {
      hashSecret: site.current,
      retentionDays: config.RETENTION_DAYS,
      // The first wait is longer than a send takes; the second covers a slow one (the SDK's
      // retries and backoff). Together 13 s, well inside the function's 30 s timeout.
      recheckAfterMs: [3_000, 10_000],
      salesConfigurationSet: config.SES_CONFIGURATION_SET,
      visitorConfigurationSet: visitorConfigurationSet(config),
    },
  };
}

let sqs: SQSClient | undefined;

/**
 * The secret's name in a destination's secretArn, which the stack writes as the name gives it,
 * without the six characters Secrets Manager appends: read by name (in the function's own
 * account and region), since Secrets Manager would take such a partial ARN for a complete one
 * when the name itself ends in a hyphen and six characters (infra/lib/lead-events.ts).
 */
export function secretNameOf(secretArn: string): string {
  const at = secretArn.indexOf(':secret:');
  return at === -1 ? secretArn : secretArn.slice(at + ':secret:'.length);
}

/**
 * The lead-event delivery function's dependencies (issue 36): each destination's secret read
 * by its ARN at run time, cached like the others (a Slack destination's current URL; a
 * webhook's current and, during a rotation, previous signing secret, and its URL when the
 * environment file names none, read by `webhookCredential`), fetch without redirects,
 * the queue's visibility for the next attempt, the dead-letter queue for a gone receiver's
 * event (then deleted from its queue), counts per destination, and the zone Slack messages
 * give times in (SALES_TIME_ZONE).
 */
export function leadEventDeliveryDeps(
  config: LeadEventDeliveryConfig,
): LeadEventQueueDeps & { metrics: { flush(): void } } {
  const destinations = config.LEAD_EVENT_DESTINATIONS;
  sqs ??= createSqsClient();
  return {
    destinations,
    post: createFetchPost(),
    credential: async (destination) => {
      const arn = destinations.find((d) => d.name === destination.name)?.secretArn;
      const versions = arn ? await secretFrom(secretNameOf(arn), undefined) : undefined;
      if (!versions) throw new Error(`No secret for the destination ${destination.name}`);
      // A rotation is in the value itself: "whsec_new whsec_old" signs with both until ops put
      // "whsec_new" alone. Secrets Manager's previous version is not used: it stays set after
      // every change, so an old (perhaps leaked) secret would sign for ever. A webhook whose
      // URL is its credential (Zapier, Make, n8n) has it in the value too: "https://… whsec_…".
      return destination.kind === 'slack'
        ? { kind: 'slack', url: versions.current.trim() }
        : webhookCredential(versions.current);
    },
    sign: signWebhook,
    // A Slack message gives times in the zone the sales e-mail of the same lead does.
    timeZone: config.settings.sales.timeZone,
    isErased: createErasedLeadCheck(dynamoClient(), config.TABLE_NAME),
    retryAfter: createSqsRetryAfter(sqs),
    // A gone receiver's event, to its destination's dead-letter queue at once, then deleted.
    deadLetter: createSqsDeadLetter(sqs),
    deleteMessage: createSqsDelete(sqs),
    metrics: createLeadEventMetrics(powertoolsMetrics),
    log,
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    // One per container: its batches are paced against each other, and a receiver's wait
    // (Retry-After) holds its destination's events in the batches that follow.
    lastStart: new Map(),
    notBefore: new Map(),
  };
}
