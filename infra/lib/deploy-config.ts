import { isAbsolute, resolve } from 'node:path';
import { DATA_RETENTION } from '@kryon/shared/constants';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { displayNameProblem } from '../../functions/src/adapters/display-name.ts';
import { isTimeZone } from '../../functions/src/leads/sales-time.ts';
import { API_ROUTES } from '../../functions/src/routes.ts';

/**
 * The CDK context keys a deployer sets (`-c key=value` or cdk.json "context"). bin/app.ts
 * reads exactly these and hands the raw values to parseDeployConfig.
 */
export const CONTEXT_KEYS = [
  'stackName',
  'region',
  'siteDir',
  'domainName',
  'certificateArn',
  'apiDomainName',
  'siteOrigin',
  'senderIdentity',
  'senderIdentityExists',
  'mailFrom',
  'visitorMailFromName',
  'visitorSenderIdentity',
  'visitorSenderIdentityExists',
  'visitorMailFrom',
  'salesTimeZone',
  'recipients',
  'alarmEmail',
  'waf',
  'wafRateLimit',
  'wafWebAclArn',
  'leadRetentionDays',
  'visitorMailPerAddress',
  'visitorMailPerHour',
  'visitorBounceBrake',
  'visitorComplaintBrake',
  'visitorBrakeMinBounces',
  'visitorBrakeMinComplaints',
  'logRetentionDays',
  'apiRateLimit',
  'apiBurstLimit',
  'apiRouteThrottles',
  'logLevel',
  'appVersion',
  'originVerifySecretVersion',
] as const;

export type ContextKey = (typeof CONTEXT_KEYS)[number];
export type RawContext = Partial<Record<ContextKey, unknown>>;

/** Values used when a key is unset, so `cdk synth` works on a fresh clone. */
export const PLACEHOLDERS = {
  senderIdentity: 'example.com',
  recipients: { default: ['sales@example.com'] },
} as const;

/** Requests per second in steady state, and how many at once. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export type WafConfig =
  | { mode: 'off' }
  | { mode: 'create'; rateLimit: number }
  | { mode: 'existing'; webAclArn: string };

/** A sending identity and the From it sends as, which the identity covers. */
export interface SenderConfig {
  /** A domain (`mail.kryon.example`, verified with DKIM) or one address. */
  identity: string;
  /** The From header, e.g. `Kryon <no-reply@mail.kryon.example>`. */
  from: string;
  /** The bare sender address of `from`. */
  fromAddress: string;
  /** The identity is in SES already: the stack uses it and does not create it. */
  identityExists: boolean;
}

export interface DeployConfig {
  stackName: string;
  env: { account?: string; region?: string };
  /** Absolute path of the prerendered site (web/build/client by default). */
  siteDir: string;
  /**
   * Custom domain with its us-east-1 ACM certificate. `apiName`, when set, is a second name
   * on the same distribution for the API (`https://api.kryon.example/api/email/...`): the
   * site then calls a separate origin, and the API allows CORS from the site's origin only.
   */
  domain?: { name: string; certificateArn: string; apiName?: string };
  email: {
    /** A domain (`kryon.example`, verified with DKIM) or one address. */
    identity: string;
    /** The From header, e.g. `Kryon <no-reply@kryon.example>`. */
    from: string;
    /** The bare sender address of `from`. */
    fromAddress: string;
    /**
     * The sender name of e-mails to visitors, which ask for a reply ("Kryon Sales"); the
     * address stays the visitor stream's (`visitor.fromAddress` when set, else `fromAddress`).
     */
    visitorFromName: string;
    /**
     * A sending identity of its own for visitor mail (docs/decisions/061), so bounces and
     * complaints of typed addresses weigh on its reputation, not the sales identity's.
     * Absent, visitor mail goes through `identity` as `from`.
     */
    visitor?: SenderConfig;
    /** The IANA zone sales e-mails give times in ("Europe/Berlin"; UTC by default). */
    salesTimeZone: string;
    /** Recipients per form; `default` serves forms without their own list. */
    recipients: Record<string, string[]>;
    /**
     * The identity is in SES already (made by hand or another stack): the stack uses it and
     * does not create it, since CloudFormation refuses to create one that exists.
     */
    identityExists: boolean;
  };
  alarmEmails: string[];
  waf: WafConfig;
  leadRetentionDays: number;
  /**
   * Confirmations to addresses visitors typed: per address a day, and over every form an
   * hour. Past either the lead is kept and sales mailed; only the visitor's e-mail waits.
   */
  visitorMail: { perAddress: number; perHour: number };
  /**
   * The visitor configuration set's own bounce and complaint rates (0 to 1) at which the brake
   * pauses that set, below the account rates at which SES reviews the account; and how many
   * permanent bounces / complaints of visitor mail in the same hour it takes besides, so that
   * one complaint or a few bounces at a low volume (a rate of 100% over one message) do not
   * stop every visitor's e-mail until a person acts.
   */
  visitorBrake: {
    bounceRate: number;
    complaintRate: number;
    minBounces: number;
    minComplaints: number;
  };
  /** The site's public origin, for links in e-mails to visitors (the research download). */
  siteOrigin: string | undefined;
  logRetention: RetentionDays;
  /** The stage's default throttle: routes without a throttle of their own use it. */
  api: Throttle;
  /**
   * Throttles that replace the sized per-route ones (infra/lib/forms-api.ts), by handler
   * name: `{"download":{"rateLimit":20,"burstLimit":40}}`.
   */
  apiRouteThrottles: Record<string, Throttle>;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  appVersion: string;
  /**
   * The origin-verify secret's version CloudFront sends, set after a rotation (README
   * "Rotating the secrets"); unset, the version current at the distribution's last update.
   */
  originVerifySecretVersion: string | undefined;
  /** Keys that fell back to PLACEHOLDERS: such a synth must not be deployed. */
  placeholders: ContextKey[];
}

const EMAIL = /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
/** API Gateway's account-level ceilings per region: a route can ask for no more. */
const RATE_MAX = 10_000;
const BURST_MAX = 5_000;
/**
 * The account bounce and complaint rates at which SES places an account under review: the
 * brake on the visitor stream must pull below them, or it would act after the review.
 */
const SES_REVIEW_RATES = { bounce: 0.05, complaint: 0.001 } as const;

export class DeployConfigError extends Error {
  override name = 'DeployConfigError';
}

/**
 * Turns raw context (strings from `-c`, or JSON values from cdk.json) into a checked config.
 * Every problem is reported at synth, in words that say which key to fix.
 */
export function parseDeployConfig(
  raw: RawContext,
  options: { repoRoot: string; account?: string; region?: string },
): DeployConfig {
  const placeholders: ContextKey[] = [];
  const region = optionalString(raw, 'region') ?? options.region;

  const domainName = optionalString(raw, 'domainName');
  const certificateArn = optionalString(raw, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new DeployConfigError('Set domainName and certificateArn together, or neither.');
  }
  if (domainName && !DOMAIN.test(domainName)) {
    throw new DeployConfigError(`domainName "${domainName}" is not a domain name.`);
  }
  if (
    certificateArn &&
    !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/.test(certificateArn)
  ) {
    throw new DeployConfigError(
      'certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates only there).',
    );
  }

  const apiDomainName = optionalString(raw, 'apiDomainName');
  if (apiDomainName && !domainName) {
    throw new DeployConfigError(
      'apiDomainName needs domainName and certificateArn: the API name is a second name on ' +
        "the site's distribution, covered by the same certificate.",
    );
  }
  if (apiDomainName && (!DOMAIN.test(apiDomainName) || apiDomainName === domainName)) {
    throw new DeployConfigError(
      `apiDomainName "${apiDomainName}" must be a domain name other than domainName.`,
    );
  }

  let identity = optionalString(raw, 'senderIdentity');
  const identityExists = boolean(raw, 'senderIdentityExists', false);
  if (identityExists && !identity) {
    throw new DeployConfigError(
      'senderIdentityExists=true needs senderIdentity: the name of the identity SES has already.',
    );
  }
  if (!identity) {
    identity = PLACEHOLDERS.senderIdentity;
    placeholders.push('senderIdentity');
  }
  const identityIsAddress = identity.includes('@');
  if (identityIsAddress ? !EMAIL.test(identity) : !DOMAIN.test(identity)) {
    throw new DeployConfigError(
      `senderIdentity "${identity}" must be a domain (kryon.example) or an e-mail address.`,
    );
  }
  const from =
    optionalString(raw, 'mailFrom') ??
    (identityIsAddress ? identity : `Kryon <no-reply@${identity}>`);
  const fromAddress = addressOf(from);
  if (!fromAddress) {
    throw new DeployConfigError(`mailFrom "${from}" holds no e-mail address.`);
  }
  if (!identityCovers(identity, fromAddress)) {
    throw new DeployConfigError(
      `mailFrom address ${fromAddress} is not covered by senderIdentity ${identity}.`,
    );
  }
  const visitor = parseVisitorSender(raw, identity);

  const visitorFromName = optionalString(raw, 'visitorMailFromName') ?? 'Kryon Sales';
  const nameProblem = displayNameProblem(visitorFromName);
  if (nameProblem) {
    throw new DeployConfigError(`visitorMailFromName "${visitorFromName}" ${nameProblem}.`);
  }
  const salesTimeZone = optionalString(raw, 'salesTimeZone') ?? 'UTC';
  if (!isTimeZone(salesTimeZone)) {
    throw new DeployConfigError(
      `salesTimeZone "${salesTimeZone}" is not an IANA time zone (e.g. Europe/Berlin, America/New_York, UTC).`,
    );
  }

  let recipients = parseRecipients(raw.recipients);
  if (!recipients) {
    recipients = { default: [...PLACEHOLDERS.recipients.default] };
    placeholders.push('recipients');
  }

  const waf = parseWaf(raw, region);

  return {
    stackName: optionalString(raw, 'stackName') ?? 'KryonWeb',
    env: { account: options.account, region },
    siteDir: resolvePath(options.repoRoot, optionalString(raw, 'siteDir') ?? 'web/build/client'),
    domain:
      domainName && certificateArn
        ? { name: domainName, certificateArn, ...(apiDomainName ? { apiName: apiDomainName } : {}) }
        : undefined,
    email: {
      identity,
      from,
      fromAddress,
      visitorFromName,
      salesTimeZone,
      recipients,
      identityExists,
      ...(visitor ? { visitor } : {}),
    },
    alarmEmails: emailList(raw.alarmEmail, 'alarmEmail') ?? [],
    waf,
    leadRetentionDays: integer(raw, 'leadRetentionDays', DATA_RETENTION.leadDays, 1, 3650),
    visitorMail: {
      perAddress: integer(raw, 'visitorMailPerAddress', 3, 1, 20),
      perHour: integer(raw, 'visitorMailPerHour', 400, 1, 100_000),
    },
    visitorBrake: {
      bounceRate: brakeRate(raw, 'visitorBounceBrake', 0.04, SES_REVIEW_RATES.bounce, 'bounce'),
      complaintRate: brakeRate(
        raw,
        'visitorComplaintBrake',
        0.0008,
        SES_REVIEW_RATES.complaint,
        'complaint',
      ),
      minBounces: integer(raw, 'visitorBrakeMinBounces', 5, 1, 10_000),
      minComplaints: integer(raw, 'visitorBrakeMinComplaints', 2, 1, 10_000),
    },
    siteOrigin:
      optionalString(raw, 'siteOrigin') ?? (domainName ? `https://${domainName}` : undefined),
    logRetention: retentionDays(raw.logRetentionDays),
    api: {
      rateLimit: integer(raw, 'apiRateLimit', 20, 1, RATE_MAX),
      burstLimit: integer(raw, 'apiBurstLimit', 40, 1, BURST_MAX),
    },
    apiRouteThrottles: parseRouteThrottles(raw.apiRouteThrottles),
    logLevel: logLevel(raw.logLevel),
    appVersion: optionalString(raw, 'appVersion') ?? 'dev',
    originVerifySecretVersion: secretVersion(raw),
    placeholders,
  };
}

/**
 * SES sends as an address when the identity is that address or the address's domain (a
 * subdomain needs an identity of its own): the From must be covered, or every send is refused.
 */
function identityCovers(identity: string, address: string): boolean {
  const id = identity.toLowerCase();
  const from = address.toLowerCase();
  return id.includes('@') ? from === id : from.endsWith(`@${id}`);
}

/**
 * The optional visitor sending identity: all three keys, or none. Its From is required (no
 * default address is guessed on a domain ops made for this) and must be covered by it; the
 * identity must differ from senderIdentity, since one SES identity cannot be created twice,
 * and the same one would give visitor mail no reputation of its own.
 */
function parseVisitorSender(raw: RawContext, salesIdentity: string): SenderConfig | undefined {
  const identity = optionalString(raw, 'visitorSenderIdentity');
  const identityExists = boolean(raw, 'visitorSenderIdentityExists', false);
  const from = optionalString(raw, 'visitorMailFrom');
  if (!identity) {
    if (identityExists) {
      throw new DeployConfigError(
        'visitorSenderIdentityExists=true needs visitorSenderIdentity: the name of the identity ' +
          'SES has already.',
      );
    }
    if (from) {
      throw new DeployConfigError(
        'visitorMailFrom needs visitorSenderIdentity: the SES identity (a domain such as ' +
          'mail.kryon.example, or the address itself) that covers it.',
      );
    }
    return undefined;
  }
  if (identity.includes('@') ? !EMAIL.test(identity) : !DOMAIN.test(identity)) {
    throw new DeployConfigError(
      `visitorSenderIdentity "${identity}" must be a domain (mail.kryon.example) or an e-mail address.`,
    );
  }
  if (identity.toLowerCase() === salesIdentity.toLowerCase()) {
    throw new DeployConfigError(
      `visitorSenderIdentity "${identity}" is senderIdentity: leave it unset to send visitor ` +
        'mail through the one identity, or name another (a subdomain such as mail.kryon.example).',
    );
  }
  if (!from) {
    throw new DeployConfigError(
      `visitorSenderIdentity needs visitorMailFrom, the From of visitor mail covered by ` +
        `${identity} (e.g. "Kryon <${identity.includes('@') ? identity : `no-reply@${identity}`}>").`,
    );
  }
  const fromAddress = addressOf(from);
  // It becomes a header as it is (VISITOR_MAIL_FROM): one line, one address.
  if (!fromAddress || !/^(?:[^<>@\r\n]*<[^<>\s]+>|[^<>\s]+)$/.test(from)) {
    throw new DeployConfigError(
      `visitorMailFrom "${from}" must be one address, or a name and one address in angle brackets, on one line.`,
    );
  }
  if (!identityCovers(identity, fromAddress)) {
    throw new DeployConfigError(
      `visitorMailFrom address ${fromAddress} is not covered by visitorSenderIdentity ${identity}: ` +
        'it must be that address, or an address at that domain.',
    );
  }
  return { identity, from, fromAddress, identityExists };
}

/** A Secrets Manager VersionId (32 to 64 letters, digits and hyphens; usually a UUID). */
function secretVersion(raw: RawContext): string | undefined {
  const value = optionalString(raw, 'originVerifySecretVersion');
  if (value !== undefined && !/^[A-Za-z0-9-]{32,64}$/.test(value)) {
    throw new DeployConfigError(
      'originVerifySecretVersion must be the VersionId that `aws secretsmanager ' +
        'put-secret-value` printed.',
    );
  }
  return value;
}

function parseWaf(raw: RawContext, region: string | undefined): WafConfig {
  const webAclArn = optionalString(raw, 'wafWebAclArn');
  const enabled = boolean(raw, 'waf', false);
  if (webAclArn) {
    if (enabled) throw new DeployConfigError('Set either waf=true or wafWebAclArn, not both.');
    if (!/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)) {
      throw new DeployConfigError('wafWebAclArn must be a global (CLOUDFRONT) WAFv2 web ACL ARN.');
    }
    return { mode: 'existing', webAclArn };
  }
  if (!enabled) return { mode: 'off' };
  if (region !== 'us-east-1') {
    throw new DeployConfigError(
      'waf=true creates a CloudFront web ACL, which AWS allows only in us-east-1: deploy with ' +
        'region=us-east-1, or create the web ACL there and pass its ARN as wafWebAclArn.',
    );
  }
  return { mode: 'create', rateLimit: integer(raw, 'wafRateLimit', 100, 10, 2_000_000_000) };
}

function parseRouteThrottles(value: unknown): Record<string, Throttle> {
  if (value === undefined || value === null || value === '') return {};
  const example = '{"download":{"rateLimit":20,"burstLimit":40}}';
  let object: unknown = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      throw new DeployConfigError(`apiRouteThrottles must be JSON: ${example}.`);
    }
  }
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new DeployConfigError(
      `apiRouteThrottles must map handler names to throttles: ${example}.`,
    );
  }
  // A misspelt handler would otherwise be ignored and leave the route at its sized values.
  const handlers = new Set<string>(API_ROUTES.map((route) => route.handler));
  const out: Record<string, Throttle> = {};
  for (const [handler, throttle] of Object.entries(object)) {
    if (!handlers.has(handler)) {
      throw new DeployConfigError(
        `apiRouteThrottles.${handler}: no such route handler (${[...handlers].join(', ')}).`,
      );
    }
    const { rateLimit, burstLimit } = (throttle ?? {}) as Record<string, unknown>;
    const valid = (n: unknown, max: number) =>
      Number.isInteger(n) && Number(n) >= 1 && Number(n) <= max;
    if (!valid(rateLimit, RATE_MAX) || !valid(burstLimit, BURST_MAX)) {
      throw new DeployConfigError(
        `apiRouteThrottles.${handler} needs whole numbers rateLimit (1 to ${RATE_MAX}) and ` +
          `burstLimit (1 to ${BURST_MAX}).`,
      );
    }
    out[handler] = { rateLimit: Number(rateLimit), burstLimit: Number(burstLimit) };
  }
  return out;
}

function parseRecipients(value: unknown): Record<string, string[]> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let object: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{')) {
      // A bare list is everyone's default: recipients=sales@kryon.example,ops@kryon.example
      return { default: emailList(text, 'recipients') ?? [] };
    }
    try {
      object = JSON.parse(text);
    } catch {
      throw new DeployConfigError('recipients must be JSON: {"default":"sales@kryon.example"}.');
    }
  }
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new DeployConfigError('recipients must map form names to e-mail lists.');
  }
  const out: Record<string, string[]> = {};
  for (const [form, list] of Object.entries(object)) {
    const emails = emailList(list, `recipients.${form}`);
    if (!emails?.length) throw new DeployConfigError(`recipients.${form} lists no address.`);
    out[form] = emails;
  }
  return Object.keys(out).length ? out : undefined;
}

function emailList(value: unknown, key: string): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value) ? value : String(value).split(',');
  const emails = items.map((item) => String(item).trim()).filter(Boolean);
  for (const email of emails) {
    if (!EMAIL.test(email))
      throw new DeployConfigError(`${key}: "${email}" is not an e-mail address.`);
  }
  return emails;
}

function addressOf(from: string): string | undefined {
  const angle = /<([^<>]+)>\s*$/.exec(from);
  const address = (angle ? angle[1] : from)?.trim();
  return address && EMAIL.test(address) ? address : undefined;
}

function optionalString(raw: RawContext, key: ContextKey): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function boolean(raw: RawContext, key: ContextKey, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new DeployConfigError(`${key} must be true or false.`);
}

function integer(raw: RawContext, key: ContextKey, fallback: number, min: number, max: number) {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new DeployConfigError(`${key} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** A rate (a fraction, not a percentage) strictly between 0 and SES's review rate. */
function brakeRate(
  raw: RawContext,
  key: ContextKey,
  fallback: number,
  review: number,
  what: string,
): number {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  const rate = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(rate) || rate <= 0 || rate >= review) {
    throw new DeployConfigError(
      `${key} must be a ${what} rate as a fraction above 0 and below ${review} (SES reviews ` +
        `an account at a ${what} rate of ${review * 100}%), e.g. ${fallback}; got "${String(value)}".`,
    );
  }
  return rate;
}

function retentionDays(value: unknown): RetentionDays {
  const days =
    value === undefined || value === null || value === '' ? DATA_RETENTION.logDays : Number(value);
  const allowed = Object.values(RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!allowed.includes(days) || days === RetentionDays.INFINITE) {
    throw new DeployConfigError(
      `logRetentionDays must be one of CloudWatch's values: ${allowed.filter((d) => d !== RetentionDays.INFINITE).join(', ')}.`,
    );
  }
  return days as RetentionDays;
}

function logLevel(value: unknown): DeployConfig['logLevel'] {
  if (value === undefined || value === null || value === '') return 'INFO';
  const level = String(value).toUpperCase();
  const found = LOG_LEVELS.find((candidate) => candidate === level);
  if (!found) throw new DeployConfigError(`logLevel must be one of ${LOG_LEVELS.join(', ')}.`);
  return found;
}

function resolvePath(root: string, path: string): string {
  return isAbsolute(path) ? path : resolve(root, path);
}
