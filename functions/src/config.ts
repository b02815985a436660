import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { DATA_RETENTION } from '@kryon/shared/constants';
import { isEmailAddress, parseFromHeader } from '@kryon/shared/mail-address';
import * as z from 'zod/mini';
import {
  DESTINATION_RATE,
  QUEUE_ARN,
  QUEUED_KINDS,
  webhookDestination,
  webhookUrlProblem,
} from './leads/event-destinations.ts';
import { MAIL_TO, mailToVariable } from './leads/mail-to.ts';
import { type SettingReader, settingsSchema } from './settings.ts';

/*
 * The functions' environment as zod schemas, one per kind, parsed at cold start so a bad value
 * fails the start naming its variable (decision 066); tunable settings are settings.ts's
 * (decision 077). A blank variable counts as unset; secrets are read at run time (decision 035).
 */

/** A variable as the process holds it: trimmed, and undefined when unset or blank. */
const raw = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value?.trim() || undefined),
);

function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return schema.check(z.describe(description)) as T;
}

function optionalText(description: string) {
  return described(raw, description);
}

function requiredText(name: string, description: string) {
  return described(
    z.pipe(raw, z.string({ error: `Missing required environment variable ${name}` })),
    description,
  );
}

function withDefault(fallback: string) {
  return z.pipe(
    raw,
    z.transform((value) => value ?? fallback),
  );
}

function textOr(fallback: string, description: string) {
  return described(withDefault(fallback), description);
}

/** A count: a whole number of at least 1, `fallback` when unset. */
function count(name: string, fallback: number, description: string) {
  const error = `Environment variable ${name} must be a whole number of at least 1`;
  return described(
    z.pipe(
      withDefault(String(fallback)),
      z.pipe(z.transform(Number), z.number({ error }).check(z.int({ error }), z.gte(1, { error }))),
    ),
    description,
  );
}

const isFromHeader = (value: string) => parseFromHeader(value) !== undefined;

function senderCheck(name: string) {
  // One address, or a name and one address in angle brackets, on one line: it becomes a
  // header as it is, so nothing else may get through.
  return z.refine<string | undefined>((value) => value === undefined || isFromHeader(value), {
    error: (issue) =>
      `Environment variable ${name} must be a From address ("Kryon <no-reply@mail.kryon.example>" or "no-reply@mail.kryon.example"), not "${issue.input}"`,
  });
}

function optionalSender(name: string, description: string) {
  return described(raw.check(senderCheck(name)), description);
}

function requiredSender(name: string, description: string) {
  return described(
    z.pipe(
      raw,
      z.string({ error: `Missing required environment variable ${name}` }).check(senderCheck(name)),
    ),
    description,
  );
}

/** An optional variable that, when set, must match `pattern`, said as `what` when it does not. */
function matching(name: string, pattern: RegExp, what: string, description: string) {
  return described(
    raw.check(
      z.refine((value) => value === undefined || pattern.test(value), {
        error: (issue) => `Environment variable ${name} must be ${what}, not "${issue.input}"`,
      }),
    ),
    description,
  );
}

/** SES names a configuration set with letters, digits, _ and - only, at most 64 of them. */
const CONFIGURATION_SET = [
  /^[A-Za-z0-9_-]{1,64}$/,
  'an SES configuration set name (letters, digits, _ and -, at most 64)',
] as const;
/** A secret's ARN in Secrets Manager (any partition). */
const SECRET_ARN = [
  /^arn:[a-z-]+:secretsmanager:[a-z0-9-]+:\d{12}:secret:\S+$/,
  'the ARN of a Secrets Manager secret (arn:aws:secretsmanager:<region>:<account>:secret:<name>)',
] as const;

/**
 * A comma-separated list of e-mail addresses, e.g. MAIL_TO=sales@x.io,ops@x.io: undefined
 * when unset, refused when it lists nothing or anything but addresses.
 */
function addressList(name: string, description: string) {
  return described(
    z.pipe(
      raw,
      z.transform((value, ctx) => {
        if (value === undefined) return undefined;
        const list = value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean);
        if (list.length === 0) {
          ctx.issues.push({
            code: 'custom',
            input: value,
            message: `Environment variable ${name} lists nothing`,
          });
          return z.NEVER;
        }
        for (const address of list) {
          if (!isEmailAddress(address)) {
            ctx.issues.push({
              code: 'custom',
              input: value,
              message: `Environment variable ${name} must list e-mail addresses separated by commas (sales@kryon.example,ops@kryon.example), not "${address}"`,
            });
            return z.NEVER;
          }
        }
        return list;
      }),
    ),
    description,
  );
}

// --- The variables, by concern. "Needed by" names the functions (handlers/*.ts) that read it.

/** Every function: how its logs and metrics are labelled. */
const loggingShape = {
  APP_VERSION: textOr(
    'dev',
    'The deployed version each log line carries; default "dev". All functions.',
  ),
  POWERTOOLS_SERVICE_NAME: textOr(
    'kryon-leads',
    'The service name of logs and metrics; default "kryon-leads". All functions.',
  ),
  POWERTOOLS_METRICS_NAMESPACE: textOr(
    'Kryon/Leads',
    'The CloudWatch namespace of the metrics the alarms read; default "Kryon/Leads". All functions.',
  ),
  POWERTOOLS_LOG_LEVEL: optionalText(
    'The log level, read by Powertools itself (DEBUG, INFO, WARN, ERROR); default INFO. All functions.',
  ),
  POWERTOOLS_METRICS_DISABLED: optionalText(
    'Read by Powertools itself: "true" writes no metrics (the local stack). All functions.',
  ),
};

/** The functions that read secrets: the ARN deployed, the value itself locally and in tests. */
const secretsShape = {
  IP_HASH_SECRET_ARN: matching(
    'IP_HASH_SECRET_ARN',
    ...SECRET_ARN,
    "The site secret's ARN, read at run time (hashes of IPs and addresses, challenge and report-link signatures). Form, challenge, report, resend and delivery-events functions: this or IP_HASH_SECRET is required there.",
  ),
  IP_HASH_SECRET: optionalText(
    'The site secret itself, where no ARN is given: the local stack and the tests only.',
  ),
  ORIGIN_VERIFY_SECRET_ARN: matching(
    'ORIGIN_VERIFY_SECRET_ARN',
    ...SECRET_ARN,
    'The ARN of the value CloudFront adds to each API request, read at run time. API functions; unset, no header is checked (the local stack).',
  ),
  ORIGIN_VERIFY_SECRET: optionalText(
    'The origin-verify value itself, where no ARN is given: tests only.',
  ),
};

const tableShape = {
  TABLE_NAME: requiredText(
    'TABLE_NAME',
    "The DynamoDB table of leads, counters, suppressions and the visitor brake's state. Required by every function.",
  ),
};

/** Where lead events are published (decision 090). */
const eventBusShape = {
  LEAD_EVENT_BUS_NAME: optionalText(
    'The EventBridge bus lead events are published to, for the destinations of the environment file. Form, resend, delivery-events and report functions; unset, no lead event is kept or published.',
  ),
};

/** How e-mail is sent: senders, configuration sets, identity. */
const sendingShape = {
  MAIL_FROM: requiredSender(
    'MAIL_FROM',
    'The From header of sales e-mail, and of visitor e-mail without VISITOR_MAIL_FROM. Required by the form, health, status and resend functions.',
  ),
  VISITOR_MAIL_FROM: optionalSender(
    'VISITOR_MAIL_FROM',
    'The From header of visitor e-mail (an SES identity of its own); unset, MAIL_FROM. Form, health, status and resend functions.',
  ),
  SES_CONFIGURATION_SET: matching(
    'SES_CONFIGURATION_SET',
    ...CONFIGURATION_SET,
    'The configuration set of the sales stream; unset, none is named (the local stack). Form, health, status, resend, delivery-events and visitor-brake functions.',
  ),
  SES_VISITOR_CONFIGURATION_SET: matching(
    'SES_VISITOR_CONFIGURATION_SET',
    ...CONFIGURATION_SET,
    'The configuration set of the visitor stream; unset, the sales set. Form, health, status, resend and delivery-events functions; required by the visitor brake, and different from the sales set there.',
  ),
  SES_IDENTITY: optionalText(
    'The SES identity that covers MAIL_FROM, which the health probe asks about; unset, the account only. Health and status functions.',
  ),
};

/** Where the e-mails link to. */
const presentationShape = {
  SITE_ORIGIN: requiredText(
    'SITE_ORIGIN',
    "The site's public origin for links in e-mails and pages; no default, so a test deployment cannot link to production. Required by the form, resend and report functions.",
  ),
};

/** What a lead function stores and spends. */
const leadShape = {
  RETENTION_DAYS: count(
    'RETENTION_DAYS',
    DATA_RETENTION.leadDays,
    `Days a lead (and a suppressed address) is kept; default ${DATA_RETENTION.leadDays}. Form and delivery-events functions.`,
  ),
  MAIL_DOMAIN_CHECK: described(
    z.pipe(
      withDefault('dns'),
      z.enum(['dns', 'off'], {
        error: (issue) =>
          `Environment variable MAIL_DOMAIN_CHECK must be "dns" or "off", not "${issue.input}"`,
      }),
    ),
    'Whether a confirmation waits for DNS to say the domain takes mail: "dns" (default) or "off" (the local stack, which has no DNS). Form functions.',
  ),
  AWS_REGION: optionalText(
    'Set by Lambda: the region whose SES endpoint the mail-domain check uses to trust its resolver. Form functions.',
  ),
};

const recipientsShape: Record<string, ReturnType<typeof addressList>> = {
  [MAIL_TO]: addressList(
    MAIL_TO,
    'The recipients of every form without a list of its own, comma-separated. Form and resend functions: required unless each form they serve has its own list.',
  ),
  ...Object.fromEntries(
    LEAD_FORMS.map((form) => [
      mailToVariable(form),
      addressList(
        mailToVariable(form),
        `The ${form} form's own recipients, comma-separated; unset, MAIL_TO. The ${form} function and the resend function.`,
      ),
    ]),
  ),
};

const reportShape = {
  REPORTS_BUCKET: optionalText(
    'The private bucket of the research reports (deployed). Report function; unset, REPORTS_DIR.',
  ),
  REPORTS_DIR: optionalText(
    "The build's reports directory (the local stack). Report function; with neither, it answers its unavailable page.",
  ),
};

/** One destination as the stack gives it to the lead-event delivery function. */
const deliveryDestination = z
  .strictObject(
    {
      name: webhookDestination.shape.name,
      kind: z.enum(QUEUED_KINDS, 'must be "slack" or "webhook"'),
      url: z.optional(
        z.string().check(
          // Never loopback here: inside Lambda, 127.0.0.1:9001 is the Runtime API.
          z.refine(
            (url) => webhookUrlProblem(url) === undefined,
            'must be an https URL, not on this machine, with no user or password',
          ),
        ),
      ),
      secretArn: z.string().check(z.regex(SECRET_ARN[0], `must be ${SECRET_ARN[1]}`)),
      queueArn: z.string().check(z.regex(QUEUE_ARN, 'must be the ARN of an SQS queue')),
      perSecond: z
        .number('must be a whole number from 1 to 50')
        .check(
          z.int('must be a whole number from 1 to 50'),
          z.gte(1, 'must be a whole number from 1 to 50'),
          z.lte(DESTINATION_RATE.max, 'must be a whole number from 1 to 50'),
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `has a key it does not know: ${issue.keys.join(', ')}`
          : 'must be an object',
    },
  )
  .check(
    // A webhook without one keeps its URL in its secret (a Zapier, Make or n8n URL is a
    // credential); a Slack destination's is always there.
    z.refine((d) => d.kind === 'webhook' || d.url === undefined, {
      message: 'a Slack destination has no url (its URL is in its secret)',
      path: ['url'],
    }),
  );

/** LEAD_EVENT_DESTINATIONS as JSON, each name and queue once. */
const deliveryDestinations = z.array(deliveryDestination, 'is not an array').check(
  z.refine((list) => new Set(list.map((d) => d.name)).size === list.length, {
    message: 'names two destinations alike',
  }),
  z.refine((list) => new Set(list.map((d) => d.queueArn)).size === list.length, {
    message: 'names one queue for two destinations',
  }),
);

const LEAD_EVENT_DESTINATIONS = 'LEAD_EVENT_DESTINATIONS';

/** The destinations of lead events (issue 36): their queues, secrets and rates. */
const leadEventsShape = {
  [LEAD_EVENT_DESTINATIONS]: described(
    z.pipe(
      raw,
      z.pipe(
        z.string({ error: `Missing required environment variable ${LEAD_EVENT_DESTINATIONS}` }),
        z.transform((value, ctx) => {
          const fail = (why: string) => {
            ctx.issues.push({
              code: 'custom',
              input: value,
              message: `Environment variable ${LEAD_EVENT_DESTINATIONS} must be a JSON array of destinations ({ name, kind, url?, secretArn, queueArn, perSecond }): ${why}`,
            });
            return z.NEVER;
          };
          let json: unknown;
          try {
            json = JSON.parse(value);
          } catch {
            return fail('it is not JSON');
          }
          const parsed = z.safeParse(deliveryDestinations, json);
          if (parsed.success) return parsed.data;
          return fail(
            parsed.error.issues
              .map((issue) => {
                const path = issue.path
                  .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
                  .join('')
                  .replace(/^\./, '');
                return path ? `${path} ${issue.message}` : issue.message;
              })
              .join('; '),
          );
        }),
      ),
    ),
    "The lead-event destinations as JSON, written by the stack from the environment file's leadEvents: each one's name, kind, webhook URL (unless its secret holds it), secret's ARN (as its name gives it: the secret is read by that name), queue's ARN and deliveries a second. Required by the lead-event delivery function.",
  ),
};

/**
 * Every variable any function reads but the settings' (settings.ts), with its description: the catalogue the per-function
 * schemas below pick from (its required entries are required only where a function needs them).
 */
export const ENVIRONMENT_VARIABLES = {
  ...loggingShape,
  ...secretsShape,
  ...tableShape,
  ...sendingShape,
  ...presentationShape,
  ...leadShape,
  ...recipientsShape,
  ...reportShape,
  ...eventBusShape,
  ...leadEventsShape,
};

// --- Rules across variables.

type Issues = z.core.$RefinementCtx['issues'];

function needsSiteSecret() {
  return z.superRefine<{ IP_HASH_SECRET_ARN?: string; IP_HASH_SECRET?: string }>((env, ctx) => {
    if (!env.IP_HASH_SECRET_ARN && !env.IP_HASH_SECRET) {
      push(
        ctx.issues,
        env,
        'Missing required environment variable IP_HASH_SECRET_ARN or IP_HASH_SECRET',
      );
    }
  });
}

function push(issues: Issues, input: unknown, message: string) {
  issues.push({ code: 'custom', input, message });
}

/**
 * The recipients of `forms`: each form's MAIL_TO_<FORM> (e.g. MAIL_TO_BETA_ACCESS) when set,
 * else MAIL_TO. Every listed address must be one, and every form must have someone.
 */
function recipientsSchema<F extends LeadForm>(forms: readonly F[]) {
  const variables = [MAIL_TO, ...forms.map(mailToVariable)];
  const shape = Object.fromEntries(variables.map((name) => [name, recipientsShape[name]]));
  return z.pipe(
    z.object(shape as Record<string, ReturnType<typeof addressList>>),
    z.transform((env, ctx) => {
      const recipients = {} as Record<F, string[]>;
      const without: F[] = [];
      for (const form of forms) {
        const list = env[mailToVariable(form)] ?? env[MAIL_TO];
        if (list) recipients[form] = list;
        else without.push(form);
      }
      if (without.length > 0) {
        push(
          ctx.issues,
          env,
          `Missing required environment variable ${MAIL_TO}: the recipients of ${without.join(', ')} leads (or ${without.map(mailToVariable).join(', ')} for a form alone)`,
        );
      }
      return recipients;
    }),
  );
}

// --- One schema per kind of function: what it reads, and nothing it does not.

/** Every function: its logs and metrics. */
export const loggingConfig = z.object(loggingShape);

/** GET /api/email/health and /status: the table and SES probes. */
export const healthConfig = z.object({
  ...loggingShape,
  ...secretsShape,
  ...tableShape,
  ...sendingShape,
});

/** A function's variables, and the settings its kind reads as `settings` (settings.ts). */
function withSettings<R extends SettingReader, T extends z.ZodMiniType>(reader: R, schema: T) {
  return z.intersection(schema, settingsSchema(reader));
}

/** GET /api/email/challenge. */
export const challengeConfig = withSettings(
  'challenge',
  z.object({ ...loggingShape, ...secretsShape, ...tableShape }).check(needsSiteSecret()),
);

/** GET /api/email/report. */
export const reportConfig = z
  .object({
    ...loggingShape,
    ...secretsShape,
    ...tableShape,
    ...reportShape,
    ...eventBusShape,
    SITE_ORIGIN: presentationShape.SITE_ORIGIN,
  })
  .check(needsSiteSecret());

/** What every function that mails leads reads: the form functions and the re-send. */
const mailingShape = {
  ...loggingShape,
  ...secretsShape,
  ...tableShape,
  ...sendingShape,
  ...presentationShape,
  ...eventBusShape,
};

/** POST /api/email/<form>: one form's function, and `recipients`, its form's list. */
export function formConfig(form: LeadForm) {
  return withSettings(
    'form',
    z.intersection(
      z.object({ ...mailingShape, ...leadShape }).check(needsSiteSecret()),
      z.pipe(
        recipientsSchema([form]),
        z.transform((byForm) => ({ recipients: byForm[form] })),
      ),
    ),
  );
}

/** The scheduled re-send: every form's recipients, as each form's function has them. */
export const resendConfig = withSettings(
  'resend',
  z.intersection(
    z.object(mailingShape).check(needsSiteSecret()),
    z.pipe(
      recipientsSchema(LEAD_FORMS),
      z.transform((recipientsByForm) => ({ recipientsByForm })),
    ),
  ),
);

/** SES's delivery events: the table and the two sets' names, which tell an event's stream. */
export const deliveryEventsConfig = z
  .object({
    ...loggingShape,
    ...secretsShape,
    ...tableShape,
    SES_CONFIGURATION_SET: sendingShape.SES_CONFIGURATION_SET,
    SES_VISITOR_CONFIGURATION_SET: sendingShape.SES_VISITOR_CONFIGURATION_SET,
    RETENTION_DAYS: leadShape.RETENTION_DAYS,
    ...eventBusShape,
  })
  .check(needsSiteSecret());

/**
 * The lead-event delivery function (issue 36): its destinations, each found by the queue a
 * message comes from. Their secrets are read at run time by name, the name in `secretArn`
 * (wiring.ts `secretNameOf`; decisions 035, 090). Its settings: the zone a Slack message
 * gives times in, the sales e-mail's.
 */
export const leadEventDeliveryConfig = withSettings(
  'lead-event-delivery',
  z.object({
    ...loggingShape,
    // Where an erased lead's id is kept: its other events are sent no more.
    ...tableShape,
    ...leadEventsShape,
  }),
);

/**
 * The visitor brake pauses the visitor set only, so it refuses to start without one or with the
 * sales set's name (decision 058).
 */
export const visitorBrakeConfig = withSettings(
  'visitor-brake',
  z
    .object({
      ...loggingShape,
      ...tableShape,
      SES_CONFIGURATION_SET: sendingShape.SES_CONFIGURATION_SET,
      SES_VISITOR_CONFIGURATION_SET: sendingShape.SES_VISITOR_CONFIGURATION_SET,
    })
    .check(
      z.superRefine((env, ctx) => {
        const visitor = env.SES_VISITOR_CONFIGURATION_SET;
        if (visitor === undefined) {
          push(
            ctx.issues,
            env,
            'Missing required environment variable SES_VISITOR_CONFIGURATION_SET: the visitor brake pauses only the visitor configuration set',
          );
        } else if (visitor === env.SES_CONFIGURATION_SET) {
          push(
            ctx.issues,
            env,
            `SES_VISITOR_CONFIGURATION_SET names the sales configuration set ("${visitor}"): the visitor brake must never pause sales e-mail`,
          );
        }
      }),
    ),
);

export type LoggingConfig = z.output<typeof loggingConfig>;
export type HealthConfig = z.output<typeof healthConfig>;
export type ChallengeConfig = z.output<typeof challengeConfig>;
export type ReportConfig = z.output<typeof reportConfig>;
export type FormConfig = z.output<ReturnType<typeof formConfig>>;
export type ResendConfig = z.output<typeof resendConfig>;
export type DeliveryEventsConfig = z.output<typeof deliveryEventsConfig>;
export type LeadEventDeliveryConfig = z.output<typeof leadEventDeliveryConfig>;
export type VisitorBrakeConfig = z.output<typeof visitorBrakeConfig>;

/**
 * A function's configuration from its environment, or an error that names every variable
 * that is wrong and says what it must be: thrown at module scope, it fails the cold start.
 */
export function readConfig<T extends z.ZodMiniType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  const result = z.safeParse(schema, env);
  if (result.success) return result.data;
  throw new Error(
    `The function's configuration is invalid: ${result.error.issues.map((issue) => issue.message).join('; ')}`,
  );
}

/**
 * One form's recipients from an environment, checked as its function checks them when it
 * starts: MAIL_TO_<FORM> when set, else MAIL_TO. Throws, naming the variable, when there are
 * none or one is not an e-mail address.
 */
export function formRecipients(form: LeadForm, env: NodeJS.ProcessEnv): string[] {
  return readConfig(recipientsSchema([form]), env)[form];
}
