import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  leadEventsFileShape,
  resolveDestination,
  webhookUrlProblem,
} from '@kryon/functions/event-destinations';
import { settingsFileShape, settingsOf } from '@kryon/functions/settings';
import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import {
  API_FLOOD_RATE,
  API_LOW_QUOTA_STAGE_THROTTLE,
  API_STAGE_THROTTLE,
  DATA_RETENTION,
} from '@kryon/shared/constants';
import { isEmailAddress, parseFromHeader } from '@kryon/shared/mail-address';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { z } from 'zod';

/*
 * One deployment is one committed file, infra/environments/<name>.ts, checked by this schema at
 * every synth; the site is built from the same file (decision 067).
 */

/** What a value the file's author has still to fill in starts with: see `fillIn`. */
const FILL_IN = 'FILL IN: ';

/**
 * A value only the deployer knows (an account, a certificate): the example files hold one
 * of these, which every synth refuses, naming the key and this text.
 */
export function fillIn(what: string): string {
  return `${FILL_IN}${what}`;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/**
 * Names RFC 2606 and RFC 6761 reserve for examples and tests: nothing sent to them arrives,
 * so a production environment may not use them.
 */
const RESERVED_DOMAIN = /(^|\.)(example(\.com|\.net|\.org)?|test|invalid|localhost)$/i;
/** API Gateway's account-level ceilings per region: a route can ask for no more. */
const RATE_MAX = API_STAGE_THROTTLE.rateLimit;
const BURST_MAX = API_STAGE_THROTTLE.burstLimit;
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The form names recipients may be given for: the shared definitions' forms, and `default`. */
export const RECIPIENT_KEYS = ['default', ...LEAD_FORMS] as const;
export type RecipientKey = (typeof RECIPIENT_KEYS)[number];

const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, `must be ${what}`)
    .refine((value) => !value.startsWith(FILL_IN), {
      error: (issue) => `is still to be filled in (${String(issue.input).slice(FILL_IN.length)})`,
      // The value's other rules would only repeat that it is wrong.
      abort: true,
    });

/** An address as the functions check theirs when they start. */
const email = text('an e-mail address').refine(isEmailAddress, 'must be an e-mail address');
const domainName = text('a domain name such as kryon.security').regex(
  DOMAIN,
  'must be a domain name such as kryon.security',
);
/** A domain (verified with DKIM) or one address, as SES names an identity. */
const identity = text('a domain (kryon.security) or an e-mail address').refine(
  (value) => (value.includes('@') ? isEmailAddress(value) : DOMAIN.test(value)),
  'must be a domain (kryon.security) or an e-mail address',
);
/**
 * A From header, which the functions send as it is, by the rule they check it with at cold
 * start: one address, or a name and one address in angle brackets, on one line.
 */
const fromHeader = text('a From such as "Kryon <no-reply@kryon.security>"').refine(
  (value) => parseFromHeader(value) !== undefined,
  'must be one address, or a name and one address in angle brackets, on one line',
);
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);
const sender = z.strictObject({
  /** The SES identity: a domain (`kryon.security`, verified with DKIM) or one address. */
  identity,
  /**
   * The From header, covered by the identity.
   * @default `Kryon <no-reply@{identity}>`, or the identity itself when it is an address
   */
  from: fromHeader.optional(),
  /**
   * The identity is in SES already (made by hand or another stack): the stack uses it and
   * does not create it, since CloudFormation refuses to create one that exists.
   * @default false
   */
  exists: z.boolean().default(false),
});

/**
 * What an environment file holds. Every key is checked at synth; only `kind` is required of
 * every file, and a production file must also name its account, region, sender, recipients,
 * alarm e-mails and site origin.
 */
export const environmentSchema = z
  .strictObject({
    /**
     * `production` refuses placeholders and a missing build; `preview` (a local synth, a
     * throwaway stack) may leave the sender and recipients out, and every synth says so.
     */
    kind: z.enum(['production', 'preview']),
    /**
     * The 12-digit AWS account: CDK refuses to deploy with credentials of another.
     * @default the CLI's account (required for production)
     */
    account: text('a 12-digit AWS account ID')
      .regex(/^\d{12}$/, 'must be a 12-digit AWS account ID')
      .optional(),
    /**
     * The region of everything but CloudFront's global parts (SES sends from here).
     * @default the CLI's region (required for production)
     */
    region: text('an AWS region such as us-east-1')
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
      .optional(),
    /**
     * The CloudFormation stack. Only a stack deployed before names derived from the file did
     * sets it (production keeps `KryonWeb`: a new name would create a second stack); every synth
     * refuses two files with one stack name in one account and region (decision 084).
     * @default `KryonWeb-{the file's name}`: `KryonWeb-staging` for staging.ts
     */
    stackName: text('a stack name')
      .regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be letters, digits and hyphens')
      .optional(),
    /**
     * A custom domain with its us-east-1 ACM certificate. `apiName`, when set, is a second
     * name on the same distribution for the API (`https://api.kryon.security/api/email/...`):
     * the site is then built to call it, and the API allows CORS from the site's origin only.
     * @default the distribution's own `….cloudfront.net` name
     */
    domain: z
      .strictObject({
        name: domainName,
        certificateArn: text('an ACM certificate ARN in us-east-1').regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'must be the ARN of an ACM certificate in us-east-1 (CloudFront uses only those)',
        ),
        apiName: domainName.optional(),
      })
      .refine((d) => d.apiName?.toLowerCase() !== d.name.toLowerCase(), {
        error: 'must differ from domain.name',
        path: ['apiName'],
      })
      .optional(),
    /**
     * The site's public origin: canonical links, the sitemap and links in e-mails to
     * visitors (the research download).
     * @default `https://{domain.name}` (required for production)
     */
    siteOrigin: text('an https origin such as https://kryon.security')
      .regex(
        /^https:\/\/[a-z0-9.-]+(:\d+)?$/i,
        'must be an https origin with no path, such as https://kryon.security',
      )
      .optional(),
    /** Sales mail and, without `visitorSender`, visitor mail are sent as this. */
    sender: sender.optional(),
    /**
     * A sending identity of its own for visitor mail, other than `sender`'s, whose reputation
     * typed addresses' bounces and complaints weigh on (decision 061). Its From is required.
     * @default unset: visitor mail goes through `sender`
     */
    visitorSender: sender.required({ from: true }).optional(),
    /**
     * Who gets each form's leads, by the form names the shared definitions declare
     * (`contact`, `partner`, `demo`, `beta-access`, `download`); `default` serves every form
     * without a list of its own and is required when any form has none.
     */
    recipients: z
      .record(z.string(), z.array(email).min(1, 'must list at least one address'))
      .superRefine((lists, ctx) => {
        for (const key of Object.keys(lists)) {
          if (!(RECIPIENT_KEYS as readonly string[]).includes(key)) {
            const near = RECIPIENT_KEYS.find(
              (name) => name === key.toLowerCase().replace(/[_\s]/g, '-'),
            );
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `is not a form: use ${
                near
                  ? `"${near}"`
                  : `one of ${RECIPIENT_KEYS.map((name) => `"${name}"`).join(', ')}`
              }`,
            });
          }
        }
        const uncovered = LEAD_FORMS.filter((form) => !lists[form]);
        if (!lists.default && uncovered.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `needs "default", or a list for ${uncovered.join(', ')}`,
          });
        }
      })
      .optional(),
    /** Who the alarms e-mail (an SNS subscription each confirms). */
    alarmEmails: z.array(email).optional(),
    /**
     * A web ACL in front of the distribution: `{ rateLimit }` (or `{}`, for 100) creates one,
     * only in us-east-1, where AWS allows CloudFront web ACLs, limiting each IP to that many
     * `/api/*` requests per 5 minutes; `{ webAclArn }` uses an existing global one.
     * @default none
     */
    waf: z
      .strictObject({
        /** @default 100 */
        rateLimit: wholeNumber(10, 2_000_000_000).optional(),
        webAclArn: text('a global WAFv2 web ACL ARN')
          .regex(
            /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/,
            'must be a global (CLOUDFRONT) WAFv2 web ACL ARN',
          )
          .optional(),
      })
      .refine((waf) => !(waf.rateLimit !== undefined && waf.webAclArn !== undefined), {
        error:
          'takes rateLimit (a web ACL the stack creates) or webAclArn (one that exists), not both',
      })
      .optional(),
    /**
     * The tunable settings, by group (`visitorMail: { perAddress: 5 }`): each one's rule,
     * default and meaning are in functions/src/settings.ts, the one place that defines them.
     */
    ...settingsFileShape,
    /**
     * The API stage's throttle, for every route: one bucket for every visitor, so sized for a
     * flood, at least API_FLOOD_RATE (decision 072).
     * @default { rateLimit: 10000, burstLimit: 5000 }, or 2500 / 1250 in the regions whose
     * account quota is that (LOW_API_QUOTA_REGIONS)
     */
    api: z
      .strictObject({
        rateLimit: wholeNumber(API_FLOOD_RATE.rateLimit, RATE_MAX).optional(),
        burstLimit: wholeNumber(API_FLOOD_RATE.burstLimit, BURST_MAX).optional(),
      })
      .prefault({}),
    /**
     * The API's own name, the one CloudFront reaches it by, and what makes it answer CloudFront
     * alone (decision 072): `certificateArn`, an ACM certificate for the name in the stack's
     * region; `clientCertificateArn`, the client certificate CloudFront presents to it (mutual
     * TLS), imported into ACM in us-east-1; `truststore`, the repository path of the PEM file of
     * the CA that issued that client certificate (public: commit it). A CNAME from the name to
     * the stack output `ApiOriginTarget` is for ops to create (README, Deploy).
     * Required in production; a preview synthesizes with placeholders and must not deploy.
     */
    apiOrigin: z
      .strictObject({
        name: domainName,
        certificateArn: text('an ACM certificate ARN in the stack’s region').regex(
          /^arn:aws[a-z-]*:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/[\w-]+$/,
          'must be the ARN of an ACM certificate (in the stack’s region)',
        ),
        clientCertificateArn: text('an ACM certificate ARN in us-east-1').regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'must be the ARN of a client certificate imported into ACM in us-east-1 (CloudFront presents only those)',
        ),
        truststore: text('the repository path of a PEM file').superRefine((path, ctx) => {
          const problem = truststoreProblem(path);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      })
      .optional(),
    /**
     * A CloudWatch Synthetics canary that walks the visitor's path against the site every
     * `everyMinutes` (a page, the research download through its dialog to SES's mailbox
     * simulator, the personal link serving the PDF) and alarms when two runs in a row fail
     * (decision 083). `{}` takes the defaults. Each run stores a lead, synthetic like every
     * mailbox-simulator lead, and is billed as a Synthetics run.
     * @default none: no canary
     */
    canary: z
      .strictObject({
        /**
         * Minutes between runs, from 5 to 60: an alarm comes after two failed runs, so within
         * twice this.
         * @default 15
         */
        everyMinutes: wholeNumber(5, 60).default(15),
      })
      .optional(),
    /**
     * AWS Backup of the leads table (decision 086): a daily recovery point, kept as long as a
     * lead (DATA_RETENTION), in a vault of the stack's own that only the account's root user can
     * delete from. `copyToVaultArn` names a vault in a second account that each recovery point
     * is also copied to, kept as long: that vault's access policy must allow
     * `backup:CopyIntoBackupVault` from this account (README, "Backups and restoring the leads").
     * @default {}: the daily backup, no copy
     */
    backup: z
      .strictObject({
        /** @default unset: no copy to another account */
        copyToVaultArn: text('a backup vault ARN')
          .regex(
            /^arn:aws[a-z-]*:backup:[a-z]{2}(-[a-z]+)+-\d:\d{12}:backup-vault:[A-Za-z0-9_.-]{2,50}$/,
            'must be a backup vault ARN: arn:aws:backup:<region>:<account>:backup-vault:<name>',
          )
          .optional(),
      })
      .prefault({}),
    /**
     * Where lead events go (decisions 089, 090, 091): `destinations`, each a Slack channel's
     * incoming webhook (`{ kind: 'slack', name, secret }`), a signed webhook (`{ kind: 'webhook',
     * name, url?, secret }`) or an API that takes a key in a header (`{ kind: 'api', name, url,
     * secret, header?, secretVersion }`), with the events and forms it takes and its rate.
     * `secret` names a Secrets Manager secret in the stack's account and region that ops create
     * before the deploy: the Slack URL, the webhook's `whsec_` signing secret (preceded by its URL
     * when `url` is left out: a Zapier, Make or n8n URL is itself a credential), or the API's
     * key; its value is never in this file or the template. Each destination gets a rule on the
     * stack's lead-event bus, a dead-letter queue and alarms, and a queue the delivery function
     * reads or (`api`) EventBridge's own connection and API destination; every key's rule and
     * default is in functions/src/leads/event-destinations.ts.
     * @default { destinations: [] }: events go to the bus and its archive, and nowhere else
     */
    leadEvents: leadEventsFileShape,
    /** @default "INFO" */
    logLevel: z.enum(LOG_LEVELS).default('INFO'),
    /**
     * The origin-verify secret's version CloudFront sends, set after a rotation (README
     * "Rotating the secrets"): the VersionId `put-secret-value` printed.
     * @default the version current at the distribution's last update
     */
    originVerifySecretVersion: text('a Secrets Manager VersionId')
      .regex(/^[A-Za-z0-9-]{32,64}$/, 'must be the VersionId `put-secret-value` printed')
      .optional(),
  })
  .superRefine((env, ctx) => {
    for (const [key, from] of [
      ['sender', env.sender],
      ['visitorSender', env.visitorSender],
    ] as const) {
      if (from && !identityCovers(from.identity, fromOf(from))) {
        ctx.addIssue({
          code: 'custom',
          path: [key, 'from'],
          message: `${addressOf(fromOf(from)) ?? fromOf(from)} is not covered by ${key}.identity ${from.identity}: use that address, or an address at that domain`,
        });
      }
    }
    if (env.visitorSender) {
      if (!env.sender) {
        ctx.addIssue({
          code: 'custom',
          path: ['visitorSender'],
          message: 'needs sender: visitor mail has its own identity only beside the sales one',
        });
      } else if (env.visitorSender.identity.toLowerCase() === env.sender.identity.toLowerCase()) {
        ctx.addIssue({
          code: 'custom',
          path: ['visitorSender', 'identity'],
          message:
            'is sender.identity: leave visitorSender out to send visitor mail through the one ' +
            'identity, or name another (a subdomain such as mail.kryon.security)',
        });
      }
    }
    if (env.waf && !env.waf.webAclArn && env.region !== 'us-east-1') {
      ctx.addIssue({
        code: 'custom',
        path: ['waf'],
        message:
          'creates a CloudFront web ACL, which AWS allows only in us-east-1: deploy with ' +
          'region "us-east-1", or create the web ACL there and give its webAclArn',
      });
    }
    const certificateRegion = env.apiOrigin?.certificateArn.split(':')[3];
    if (env.region && certificateRegion && certificateRegion !== env.region) {
      ctx.addIssue({
        code: 'custom',
        path: ['apiOrigin', 'certificateArn'],
        message: `is in ${certificateRegion}: the API's regional name needs a certificate in ${env.region}, the stack's region`,
      });
    }
    const copyAccount = env.backup.copyToVaultArn?.split(':')[4];
    if (copyAccount && copyAccount === env.account) {
      ctx.addIssue({
        code: 'custom',
        path: ['backup', 'copyToVaultArn'],
        message:
          "is in this environment's own account: a copy outlives the loss of the account only in another one",
      });
    }
    if (env.kind !== 'production') return;
    // A deployed function cannot reach the deployer's own machine: 127.0.0.1 is for the local bus.
    for (const [i, destination] of env.leadEvents.destinations.entries()) {
      if (
        destination.kind !== 'slack' &&
        destination.url !== undefined &&
        webhookUrlProblem(destination.url, { allowLoopback: true }) === undefined &&
        new URL(destination.url).protocol !== 'https:'
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['leadEvents', 'destinations', i, 'url'],
          message: 'must be https in production: http://127.0.0.1 reaches only a local receiver',
        });
      }
    }
    const required = {
      account: 'the 12-digit AWS account, so credentials of another are refused',
      region: 'the AWS region, where SES sends from',
      sender: 'the SES identity sales and visitors get mail from',
      recipients: 'who gets the leads: { default: ["sales@kryon.security"] }',
      alarmEmails: 'who the alarms e-mail: ["ops@kryon.security"]',
      siteOrigin: 'the public origin, such as https://kryon.security (or a domain)',
      apiOrigin:
        'the API’s own name, its certificate, CloudFront’s client certificate and the CA that issued it: { name, certificateArn, clientCertificateArn, truststore } (README, Deploy)',
    } as const;
    for (const [key, what] of Object.entries(required)) {
      const value =
        key === 'siteOrigin' ? (env.siteOrigin ?? env.domain) : env[key as keyof typeof env];
      if (value === undefined || (Array.isArray(value) && value.length === 0)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required in production: ${what}`,
        });
      }
    }
    for (const [path, value] of reservedNames(env)) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `uses ${value}, a name reserved for examples: nothing sent there arrives`,
      });
    }
  });

export type EnvironmentInput = z.input<typeof environmentSchema>;
export type Environment = z.output<typeof environmentSchema>;

/** An environment file's default export: typed where it is written, checked at synth. */
export function defineEnvironment(environment: EnvironmentInput): EnvironmentInput {
  return environment;
}

/** The repository's root: the truststore path of an environment file starts there. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What is wrong with a truststore file, if anything: it must exist in the repository and hold
 * X.509 CA certificates only, none expired (API Gateway then refuses the client certificates
 * they issued, and every API request with them).
 */
export function truststoreProblem(path: string, now = new Date()): string | undefined {
  const file = join(REPO_ROOT, path);
  if (!existsSync(file)) return `is no file: ${path} (a path from the repository's root)`;
  const blocks = readFileSync(file, 'utf8').match(
    /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
  );
  if (!blocks?.length) return `holds no PEM certificate: ${path}`;
  for (const block of blocks) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch {
      return `holds a certificate that is not X.509: ${path}`;
    }
    if (!certificate.ca) return `holds a certificate that is not a CA's: ${certificate.subject}`;
    if (new Date(certificate.validTo) <= now) {
      return `holds a CA certificate that expired on ${certificate.validTo}: ${certificate.subject}`;
    }
  }
  return undefined;
}

/** Requests per second in steady state, and how many at once. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export type WafConfig =
  | { mode: 'off' }
  | { mode: 'create'; rateLimit: number }
  | { mode: 'existing'; webAclArn: string };

/** What the stack is built from: an environment, checked and with its defaults applied. */
export type DeployConfig = ReturnType<typeof deployConfig>;

/** Values a preview environment synthesizes with when it names no sender, recipients or API origin. */
export const PLACEHOLDERS = {
  sender: 'example.com',
  recipients: { default: ['sales@example.com'] },
  apiOrigin: {
    name: 'api-origin.example.com',
    certificateArn:
      'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000',
    clientCertificateArn:
      'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000001',
    // A CA certificate whose key was thrown away: it trusts nothing.
    truststore: 'infra/environments/placeholder-origin-ca.pem',
  },
} as const;

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** The keys a preview left out, as a sentence says them: "sender, recipients, or apiOrigin". */
export function placeholderList(placeholders: ParsedEnvironment['placeholders']): string {
  return new Intl.ListFormat('en', { type: 'disjunction' }).format(placeholders);
}

export interface ParsedEnvironment {
  kind: Environment['kind'];
  config: DeployConfig;
  /** What a preview left out and was given PLACEHOLDERS for: such a stack must not deploy. */
  placeholders: ('sender' | 'recipients' | 'apiOrigin')[];
  /** The account and region the file itself names (not the CLI's): where it may deploy. */
  pinned: { account: string | undefined; region: string | undefined };
  /**
   * What the site must be built with for this environment (VITE_SITE_ORIGIN, VITE_API_ORIGIN,
   * VITE_LEAD_DESTINATIONS: the kinds of lead-event destination, which the privacy notice names).
   */
  site: { origin: string | undefined; apiOrigin: string; leadDestinations: string };
}

/**
 * Checks one environment file's export and turns it into the stack's config. Every problem
 * is reported at once, each naming its key (`sender.from: …`) and the file.
 */
export function parseEnvironment(
  file: string,
  input: unknown,
  options: { account?: string; region?: string; appVersion?: string } = {},
): ParsedEnvironment {
  // The file's name is the environment's: infra/environments/<name>.ts.
  const name = basename(file, '.ts');
  const result = environmentSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.length ? issue.path.join('.') : '(the file)'}: ${issue.message}`,
    );
    throw new EnvironmentError(
      `${file} is not a valid environment:\n${lines.join('\n')}\n` +
        'Each key is described, with its default, in infra/lib/environment.ts (the settings: functions/src/settings.ts).',
    );
  }
  const env = result.data;
  // The local receiver (http://127.0.0.1) is local.ts's alone, whatever the kind: a deployed
  // function cannot reach the deployer's machine, and inside Lambda 127.0.0.1:9001 is the
  // Runtime API. The delivery function refuses it too (LEAD_EVENT_DESTINATIONS).
  if (name !== 'local') {
    const problems = env.leadEvents.destinations.flatMap((destination, i) => [
      ...(destination.kind !== 'slack' &&
      destination.url !== undefined &&
      webhookUrlProblem(destination.url) !== undefined
        ? [
            `  leadEvents.destinations.${i}.url: is on this machine (${new URL(destination.url).host}): only infra/environments/local.ts may send to the local receiver; a deployed environment needs an https URL`,
          ]
        : []),
      // The connection holds the key CloudFormation read at the version named here: without
      // one, a new key would never reach it (CloudFormation reads a secret only when the
      // reference changes), and npm run verify could not tell which key it holds.
      ...(destination.kind === 'api' && destination.secretVersion === undefined
        ? [
            `  leadEvents.destinations.${i}.secretVersion: is required for an api destination: the VersionId of its secret's current version (aws secretsmanager describe-secret --secret-id ${destination.secret}, the id staged AWSCURRENT), so the connection is given that key`,
          ]
        : []),
    ]);
    if (problems.length > 0) {
      throw new EnvironmentError(
        `${file} is not a valid environment:\n${problems.join('\n')}\n` +
          'Each key is described, with its default, in infra/lib/environment.ts (the settings: functions/src/settings.ts).',
      );
    }
  }
  const placeholders: ParsedEnvironment['placeholders'] = [];
  if (!env.sender) placeholders.push('sender');
  if (!env.recipients) placeholders.push('recipients');
  if (!env.apiOrigin) placeholders.push('apiOrigin');
  const config = deployConfig(env, { ...options, name });
  return {
    kind: env.kind,
    config,
    placeholders,
    pinned: { account: env.account, region: env.region },
    site: {
      origin: config.siteOrigin,
      apiOrigin: env.domain?.apiName ? `https://${env.domain.apiName}` : '',
      leadDestinations: destinationKinds(env.leadEvents.destinations),
    },
  };
}

/**
 * The kinds of destination a list names, each once, as the site build takes them for the
 * privacy notice. An `api` destination is, to a visitor, what a webhook is: a sales tool that
 * receives the submission and its later events, erasure included, so the notice names it so.
 */
export function destinationKinds(destinations: readonly { kind: string }[]): string {
  const kinds = destinations.map(({ kind }) => (kind === 'api' ? 'webhook' : kind));
  return [...new Set(kinds)].sort().join(',');
}

/** An environment's stack config: the file's values, with defaults and placeholders applied. */
function deployConfig(
  env: Environment,
  options: { account?: string; region?: string; appVersion?: string; name: string },
) {
  const sender = env.sender ?? { identity: PLACEHOLDERS.sender, exists: false };
  const recipients = env.recipients ?? { ...PLACEHOLDERS.recipients };
  const apiOrigin = env.apiOrigin ?? { ...PLACEHOLDERS.apiOrigin };
  const from = fromOf(sender);
  const siteOrigin = env.siteOrigin ?? (env.domain ? `https://${env.domain.name}` : undefined);
  return {
    stackName: env.stackName ?? stackNameOf(options.name),
    env: { account: env.account ?? options.account, region: env.region ?? options.region },
    ...(env.domain ? { domain: env.domain } : {}),
    email: {
      identity: sender.identity,
      from,
      fromAddress: addressOf(from) as string,
      identityExists: sender.exists,
      recipients: recipients as Recipients,
      ...(env.visitorSender
        ? {
            visitor: {
              identity: env.visitorSender.identity,
              from: env.visitorSender.from,
              fromAddress: addressOf(env.visitorSender.from) as string,
              identityExists: env.visitorSender.exists,
            },
          }
        : {}),
    },
    alarmEmails: env.alarmEmails ?? [],
    waf: wafOf(env.waf),
    leadRetentionDays: DATA_RETENTION.leadDays,
    settings: settingsOf(env),
    siteOrigin,
    logRetention: DATA_RETENTION.logDays as RetentionDays,
    api: stageThrottle(env.api, env.region ?? options.region),
    apiOrigin,
    logLevel: env.logLevel,
    appVersion: options.appVersion ?? 'dev',
    originVerifySecretVersion: env.originVerifySecretVersion,
    canary: env.canary,
    backup: env.backup,
    leadEvents: { destinations: env.leadEvents.destinations.map(resolveDestination) },
  };
}

/**
 * The stack of an environment whose file sets no `stackName`: `KryonWeb-<name>`, so two files
 * (two names) never share one (decision 084).
 */
export function stackNameOf(name: string): string {
  return `KryonWeb-${name}`;
}

function wafOf(waf: Environment['waf']): WafConfig {
  if (!waf) return { mode: 'off' };
  if (waf.webAclArn) return { mode: 'existing', webAclArn: waf.webAclArn };
  return { mode: 'create', rateLimit: waf.rateLimit ?? 100 };
}

/** Who gets the leads, by form name; `default` serves forms without a list of their own. */
export type Recipients = Readonly<Partial<Record<RecipientKey, readonly string[]>>>;

/** The recipients of one form: its own list, else the default one. */
export function recipientsOf(form: LeadForm, recipients: Recipients): readonly string[] {
  const list = recipients[form] ?? recipients.default;
  if (!list?.length) throw new EnvironmentError(`recipients: no list for ${form} and no default`);
  return list;
}

function fromOf(sender: { identity: string; from?: string | undefined }): string {
  if (sender.from) return sender.from;
  return sender.identity.includes('@') ? sender.identity : `Kryon <no-reply@${sender.identity}>`;
}

/**
 * SES sends as an address when the identity is that address or the address's domain (a
 * subdomain needs an identity of its own): the From must be covered, or every send is refused.
 */
function identityCovers(identity: string, from: string): boolean {
  const address = addressOf(from)?.toLowerCase();
  const id = identity.toLowerCase();
  if (!address) return false;
  return id.includes('@') ? address === id : address.endsWith(`@${id}`);
}

function addressOf(from: string): string | undefined {
  return parseFromHeader(from)?.address;
}

/**
 * The regions whose default API Gateway account quota is 2,500 requests a second, burst 1,250,
 * not 10,000 / 5,000 ("Amazon API Gateway quotas", account-level quotas per Region).
 */
export const LOW_API_QUOTA_REGIONS: ReadonlySet<string> = new Set([
  'af-south-1',
  'eu-south-1',
  'ap-southeast-3',
  'me-central-1',
  'ap-south-2',
  'ap-southeast-4',
  'eu-south-2',
  'eu-central-2',
  'il-central-1',
  'ca-west-1',
  'ap-southeast-5',
  'ap-southeast-7',
  'mx-central-1',
]);

/**
 * The stage's throttle: what the file says, else the account quota of the stack's region (a
 * bucket larger than the account's would only pretend to be larger).
 */
function stageThrottle(
  api: { rateLimit?: number | undefined; burstLimit?: number | undefined },
  region: string | undefined,
): Throttle {
  const quota =
    region && LOW_API_QUOTA_REGIONS.has(region) ? API_LOW_QUOTA_STAGE_THROTTLE : API_STAGE_THROTTLE;
  return {
    rateLimit: api.rateLimit ?? quota.rateLimit,
    burstLimit: api.burstLimit ?? quota.burstLimit,
  };
}

/** Every domain or address in an environment that is reserved for examples. */
function reservedNames(env: Environment): [(string | number)[], string][] {
  const found: [(string | number)[], string][] = [];
  const check = (path: (string | number)[], value: string | undefined) => {
    const host = value
      ?.replace(/^https:\/\//, '')
      .replace(/:\d+$/, '')
      .split('@')
      .pop()
      ?.replace(/>$/, '');
    if (value && host && RESERVED_DOMAIN.test(host)) found.push([path, value]);
  };
  check(['domain', 'name'], env.domain?.name);
  check(['domain', 'apiName'], env.domain?.apiName);
  check(['apiOrigin', 'name'], env.apiOrigin?.name);
  check(['siteOrigin'], env.siteOrigin);
  check(['sender', 'identity'], env.sender?.identity);
  check(['sender', 'from'], env.sender?.from);
  check(['visitorSender', 'identity'], env.visitorSender?.identity);
  check(['visitorSender', 'from'], env.visitorSender?.from);
  for (const [key, list] of Object.entries(env.recipients ?? {})) {
    for (const [i, address] of (list ?? []).entries()) check(['recipients', key, i], address);
  }
  for (const [i, address] of (env.alarmEmails ?? []).entries()) check(['alarmEmails', i], address);
  return found;
}
