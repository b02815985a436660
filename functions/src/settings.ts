import { CHALLENGE_RATE_LIMIT, IP_RATE_LIMIT } from '@kryon/shared/constants';
import * as z from 'zod/mini';
import { displayNameProblem } from './adapters/display-name.ts';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import { DIGEST_LEADS_PER_NETWORK, DIGEST_MAX_LEADS, DIGESTS_PER_HOUR } from './leads/digest.ts';
import { isTimeZone } from './leads/sales-time.ts';

/*
 * Every deployment setting, defined once: rule, default, meaning and readers; set by its path,
 * given as the variable the path names, read back by the same rule (decision 077).
 */

/** The functions that read settings: the stack sets a setting's variable on exactly these. */
export type SettingReader =
  | 'form'
  | 'challenge'
  | 'resend'
  | 'visitor-brake'
  | 'lead-event-delivery';

/** A setting's value: a number or a text, as a variable can carry it and read it back. */
type Value = number | string;

interface Setting<T extends Value, R extends SettingReader> {
  rule: z.ZodMiniType<T, T>;
  default: T;
  /** What it is, for the environment file's reader. */
  doc: string;
  /** The functions that read it; none when only the stack does (an alarm's threshold). */
  readBy: readonly R[];
}

function setting<T extends Value, const R extends SettingReader = never>(
  definition: Setting<T, R>,
): Setting<T, R> {
  return definition;
}

function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.number({ error }).check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error }));
}

/** A rate as a fraction strictly between 0 and the rate at which SES reviews an account. */
function rateBelow(review: number, what: string) {
  return z
    .number()
    .check(
      z.gt(0, `must be a ${what} rate as a fraction above 0, e.g. ${review * 0.8}`),
      z.lt(
        review,
        `must be below ${review} (SES reviews an account at a ${what} rate of ${review * 100}%)`,
      ),
    );
}

/** The account rates at which SES places an account under review: the brake pulls below them. */
const SES_REVIEW_RATES = { bounce: 0.05, complaint: 0.001 } as const;

export const SETTINGS = {
  visitorMail: {
    perAddress: setting({
      rule: wholeNumber(1, 20),
      default: 3,
      doc: 'Confirmations a day to one typed address; past it the lead is kept and sales mailed, only the visitor’s e-mail waits.',
      readBy: ['form'],
    }),
    perHour: setting({
      rule: wholeNumber(1, 100_000),
      default: 400,
      doc: 'Confirmations an hour over every form: the last breaker, sized with the challenge price (decision 051).',
      readBy: ['form'],
    }),
    fromName: setting({
      rule: z.string().check(
        z.trim(),
        z.superRefine((name, ctx) => {
          const problem = displayNameProblem(name);
          if (problem) ctx.issues.push({ code: 'custom', input: name, message: problem });
        }),
      ),
      default: 'Kryon Sales',
      doc: 'The sender name of e-mails to visitors, which ask for a reply.',
      readBy: ['form', 'resend'],
    }),
  },
  sales: {
    timeZone: setting({
      rule: z
        .string()
        .check(
          z.trim(),
          z.refine(isTimeZone, 'must be an IANA time zone (Europe/Berlin, America/New_York, UTC)'),
        ),
      default: 'UTC',
      doc: 'The IANA zone sales e-mails and Slack messages give times in.',
      // The Slack message of a lead says when it came in as its sales e-mail does.
      readBy: ['form', 'resend', 'lead-event-delivery'],
    }),
    digestsPerHour: setting({
      rule: wholeNumber(1, 60),
      default: DIGESTS_PER_HOUR,
      doc: 'Digests of held unverified leads one recipient list gets an hour.',
      readBy: ['resend'],
    }),
    digestLeadsPerNetwork: setting({
      rule: wholeNumber(1, DIGEST_MAX_LEADS),
      default: DIGEST_LEADS_PER_NETWORK,
      doc: 'Held leads of one client network a digest hour lists; the rest of that network are counted on one line (decision 074).',
      readBy: ['resend'],
    }),
  },
  unverifiedSalesMail: {
    perHour: setting({
      rule: wholeNumber(1, 1_000_000),
      default: 10,
      doc: 'Unverified leads mailed to sales one by one an hour; the rest go in the digest (decision 053).',
      readBy: ['form'],
    }),
  },
  reportLink: {
    days: setting({
      rule: wholeNumber(1, 90),
      default: 7,
      doc: 'Days a personal report link works.',
      readBy: ['form', 'resend'],
    }),
  },
  ipRateLimit: {
    perMinute: setting({
      rule: wholeNumber(1, 10_000),
      default: IP_RATE_LIMIT.max,
      doc: 'Submissions a minute from one client network.',
      readBy: ['form'],
    }),
  },
  challenge: {
    freePerWindow: setting({
      rule: wholeNumber(0, 100_000),
      default: PRICE_CURVE.free,
      doc: 'Confirmations per 10 minutes at the price of a quiet hour (decision 051).',
      readBy: ['form', 'challenge'],
    }),
    perDoubling: setting({
      rule: wholeNumber(1, 100_000),
      default: PRICE_CURVE.perDoubling,
      doc: 'Confirmations more per 10 minutes for each doubling of the price.',
      readBy: ['form', 'challenge'],
    }),
    maxLevel: setting({
      // Each level doubles a visitor's solve time: 6 (64 times) is past anyone's patience.
      rule: wholeNumber(0, 6),
      default: PRICE_CURVE.maxLevel,
      doc: 'The most doublings of the price.',
      readBy: ['form', 'challenge'],
    }),
    rateLimitPerMinute: setting({
      rule: wholeNumber(1, 10_000),
      default: CHALLENGE_RATE_LIMIT.max,
      doc: 'Challenges one client network may fetch a minute.',
      readBy: ['challenge'],
    }),
  },
  visitorBrake: {
    bounceRate: setting({
      rule: rateBelow(SES_REVIEW_RATES.bounce, 'bounce'),
      default: 0.04,
      doc: 'The share of the visitor stream’s e-mails in an hour that bounced for good at which the brake pauses it (decision 075).',
      readBy: [],
    }),
    complaintRate: setting({
      rule: rateBelow(SES_REVIEW_RATES.complaint, 'complaint'),
      default: 0.0008,
      doc: 'The share that drew a complaint at which the brake pauses the visitor stream.',
      readBy: [],
    }),
    minVolume: setting({
      rule: wholeNumber(1, 1_000_000),
      default: 300,
      doc: 'The hour’s volume below which a share is taken of this many e-mails, so a few events in a quiet hour are not a share.',
      readBy: [],
    }),
    minComplaints: setting({
      rule: wholeNumber(1, 10_000),
      default: 3,
      doc: 'Complaints in the hour the complaint share also takes.',
      readBy: [],
    }),
    coolDownMinutes: setting({
      // At least the alarms' hour: a shorter pause would end while its hour is still counted.
      rule: wholeNumber(60, 10_080),
      default: 60,
      doc: 'Minutes the visitor stream stays paused after a first trip, doubled for each trip within a day.',
      readBy: ['visitor-brake'],
    }),
    maxCoolDownMinutes: setting({
      rule: wholeNumber(60, 10_080),
      default: 720,
      doc: 'The longest pause the doubling reaches, in minutes.',
      readBy: ['visitor-brake'],
    }),
  },
} as const;

type Catalogue = typeof SETTINGS;
type Group = keyof Catalogue;
type ValueOf<S> = S extends Setting<infer T, SettingReader> ? T : never;
type ReadersOf<S> = S extends Setting<Value, infer R> ? R : never;
/** The keys of group G that every reader in R reads. */
type KeysOf<G extends Group, R extends SettingReader> = {
  [N in keyof Catalogue[G]]: [R] extends [ReadersOf<Catalogue[G][N]>] ? N : never;
}[keyof Catalogue[G]];

/** Every setting's value, by group: what the stack is built with. */
export type Settings = {
  [G in Group]: { -readonly [N in keyof Catalogue[G]]: ValueOf<Catalogue[G][N]> };
};

/**
 * The settings a kind of function reads, and nothing else; for several kinds, those they all
 * read (what code shared by them may use).
 */
export type SettingsOf<R extends SettingReader> = {
  [G in Group as KeysOf<G, R> extends never ? never : G]: {
    -readonly [N in KeysOf<G, R>]: ValueOf<Catalogue[G][N]>;
  };
};

interface Rule<G extends Group> {
  /** The settings it reads; the last is the one a problem is reported on. */
  keys: readonly (keyof Catalogue[G] & string)[];
  problem: (values: Settings[G]) => string | undefined;
}

/** What holds between settings of one group, for every reader of all of them. */
const RULES: { readonly [G in Group]?: readonly Rule<G>[] } = {
  visitorBrake: [
    {
      keys: ['coolDownMinutes', 'maxCoolDownMinutes'],
      problem: (brake) =>
        brake.maxCoolDownMinutes < brake.coolDownMinutes
          ? 'must be at least coolDownMinutes (the doubling starts there)'
          : undefined,
    },
  ],
};

/** A setting's variable: its path in capitals, `visitorMail.perAddress` → VISITOR_MAIL_PER_ADDRESS. */
export function settingVariable(group: string, key: string): string {
  return `${group}_${key}`.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

function entries(reader?: SettingReader) {
  return Object.entries(SETTINGS).flatMap(([group, keys]) =>
    Object.entries(keys as Record<string, Setting<Value, SettingReader>>)
      .filter(([, definition]) => reader === undefined || definition.readBy?.includes(reader))
      .map(([key, definition]) => ({ group: group as Group, key, definition })),
  );
}

function groupSchema(
  group: Group,
  keys: { key: string; definition: Setting<Value, SettingReader> }[],
) {
  const shape = Object.fromEntries(
    keys.map(({ key, definition }) => [key, z._default(definition.rule, definition.default)]),
  );
  const rules = ((RULES[group] ?? []) as readonly Rule<Group>[]).filter((rule) =>
    rule.keys.every((key) => key in shape),
  );
  return z.prefault(
    z.strictObject(shape).check(
      z.superRefine((values, ctx) => {
        for (const rule of rules) {
          const message = rule.problem(values as Settings[Group]);
          if (message)
            ctx.issues.push({
              code: 'custom',
              input: values,
              message,
              path: rule.keys.slice(-1),
            });
        }
      }),
    ),
    {},
  );
}

/**
 * The settings' part of the environment file's schema: each group an object whose keys take
 * their defaults, checked by the settings' rules.
 */
export const settingsFileShape = Object.fromEntries(
  Object.keys(SETTINGS).map((group) => [
    group,
    groupSchema(
      group as Group,
      entries().filter((entry) => entry.group === group),
    ),
  ]),
) as unknown as {
  [G in Group]: z.ZodMiniPrefault<z.ZodMiniType<Settings[G], Partial<Settings[G]>>>;
};

/** The settings of a parsed environment file, which holds them beside its other keys. */
export function settingsOf(environment: Settings): Settings {
  return Object.fromEntries(
    Object.keys(SETTINGS).map((group) => [group, environment[group as Group]]),
  ) as Settings;
}

/** The variables the stack sets on a function of `reader`: its settings, as text. */
export function settingVariables(
  reader: SettingReader,
  settings: Settings,
): Record<string, string> {
  return Object.fromEntries(
    entries(reader).map(({ group, key }) => [
      settingVariable(group, key),
      String((settings[group] as Record<string, unknown>)[key]),
    ]),
  );
}

/**
 * The settings of `reader` read back from its variables by the same rules, as `settings`: an
 * unset or blank variable takes the default; a wrong one fails the cold start, naming it.
 */
export function settingsSchema<R extends SettingReader>(reader: R) {
  const read = entries(reader);
  const groups = [...new Set(read.map((entry) => entry.group))];
  const schema = z.object(
    Object.fromEntries(
      groups.map((group) => [
        group,
        groupSchema(
          group,
          read.filter((entry) => entry.group === group),
        ),
      ]),
    ),
  );
  return z.pipe(
    // process.env is no plain object, so not a z.record.
    z.looseObject({}) as z.ZodMiniType<Record<string, string | undefined>>,
    z.transform((env, ctx) => {
      const values: Record<string, Record<string, unknown>> = {};
      for (const { group, key, definition } of read) {
        const text = env[settingVariable(group, key)]?.trim();
        if (!text) continue;
        values[group] ??= {};
        // Decimal text only: Number() would also take 0x10, 1e1 or +5, which synth never sees.
        values[group][key] =
          typeof definition.default !== 'number'
            ? text
            : /^-?\d+(\.\d+)?$/.test(text)
              ? Number(text)
              : Number.NaN;
      }
      const result = z.safeParse(schema, values);
      // Only R's settings were parsed: the type says as much and no more.
      if (result.success) return { settings: result.data as unknown as SettingsOf<R> };
      for (const issue of result.error.issues) {
        const [group, key] = issue.path as [string, string];
        const variable = settingVariable(group, key);
        ctx.issues.push({
          code: 'custom',
          input: env[variable],
          message: `Environment variable ${variable} ${issue.message}${
            env[variable] === undefined ? '' : `, not "${env[variable]}"`
          }`,
        });
      }
      return z.NEVER;
    }),
  );
}

/** Each setting's path, variable, default, doc and readers. */
export function settingsTable(): {
  path: string;
  variable: string;
  default: unknown;
  doc: string;
  readBy: readonly SettingReader[];
}[] {
  return entries().map(({ group, key, definition }) => ({
    path: `${group}.${key}`,
    variable: settingVariable(group, key),
    default: definition.default,
    doc: definition.doc,
    readBy: definition.readBy,
  }));
}
