/**
 * Property tests of the five lead form handlers: whatever body arrives (wrong types, huge
 * strings, unicode, CR/LF, HTML, missing and extra fields, no JSON at all), the answer is
 * never a 5xx, nothing invalid is stored, and no e-mail carries an injected header or markup.
 *
 * Each form's handler, fake store and fake mailer live for all of its runs; a run looks at
 * what it added. A failure prints fast-check's seed and path: pass them back to fc.assert
 * (`{ seed, path, endOnFailure: true }`) to replay it.
 */

import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { IDEMPOTENCY_KEY_PATTERN } from '@kryon/shared/api';
import { CHALLENGE_FIELD, MAX_BODY_BYTES } from '@kryon/shared/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { type GeneratedBody, generatedBody } from '../../test/arbitrary-bodies.ts';
import { apiEvent, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { assertHeadersSafe, sendEmailRequest } from '../adapters/ses.ts';
import { sourceRows, splitAttribution } from '../leads/attribution.ts';
import type { FormDefinition } from '../leads/form-definition.ts';
import { betaAccessForm } from '../leads/forms/beta-access.ts';
import { contactForm } from '../leads/forms/contact.ts';
import { demoForm } from '../leads/forms/demo.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { partnerForm } from '../leads/forms/partner.ts';
import type { OutgoingEmail } from '../leads/ports.ts';
import { defangLinks, inlineQuote, isMultiline } from '../leads/visitor-text.ts';
import { createFormHandler } from './form-handler.ts';

const RUNS_PER_FORM = 10_000;
const NOW = new Date('2026-01-15T10:00:00.000Z');
const ALLOWED_STATUSES = new Set([200, 400, 409, 413, 415, 429]);
const STACK_TRACE = /\bat\s+\S+\s*\(|node_modules|\.ts:\d+/;
const HEADER_BREAK = /[\r\n\u0085\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const TEXT_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** Fields the schemas clean with cleanMultiline (paragraphs kept); every other is one line. */
const MULTILINE_FIELDS = new Set([
  'message',
  'specificUseCases',
  'securityChallenges',
  'whyKryon',
  'additionalRequirements',
  'additionalInfo',
]);

/** The visitor's own words, which the sales e-mail shows as they were stored (escaped). */
const FREE_TEXT_FIELDS = new Set([
  ...MULTILINE_FIELDS,
  'name',
  'email',
  'company',
  'phone',
  'position',
  'fullName',
  'workEmail',
  'companyName',
  'jobTitle',
  'firstName',
]);

/** Checked by the schema and shown as they are: the visitor's address and phone number. */
const VALIDATED_FIELDS = new Set(['email', 'workEmail', 'phone']);

/** The only elements the e-mail templates write; anything else came from input. */
const TEMPLATE_TAGS = new Set([
  '!doctype',
  'html',
  'head',
  'meta',
  'title',
  'body',
  'br',
  'h1',
  'table',
  'tr',
  'th',
  'td',
  'p',
  'a',
]);

interface Harness {
  definition: FormDefinition;
  handler: ReturnType<typeof createFormHandler>;
  store: FakeLeadStore;
  mailer: FakeMailer;
  errors: unknown[];
  shapeKeys: Set<string>;
  stats: Record<string, number>;
  keys: number;
}

function harness(definition: FormDefinition): Harness {
  const store = new FakeLeadStore();
  const mailer = new FakeMailer();
  const errors: unknown[] = [];
  const unlimited = { max: 1e9, windowMs: 60_000 };
  const handler = createFormHandler(definition, {
    store,
    mailer,
    metrics: new FakeMetrics(),
    log: { info() {}, warn() {}, error: (...args: unknown[]) => errors.push(args) },
    now: () => NOW,
    // Server-made ids, as in production: a made-up `id-1` could match a generated key.
    newId: randomUUID,
    challenges: new FakeChallenges(),
    config: testLeadConfig({
      rateLimit: { email: unlimited, ip: unlimited },
      visitorMail: { perAddress: unlimited, perHour: unlimited },
      unverifiedSalesMail: unlimited,
      successMessage: 'Thank you, we received your request.',
    }),
  });
  const shapeKeys = new Set(Object.keys((definition.schema as unknown as z.ZodMiniObject).shape));
  return { definition, handler, store, mailer, errors, shapeKeys, stats: {}, keys: 0 };
}

/** What the handler must answer, from the body alone (budgets are unlimited, keys fresh). */
function expectedOutcome(
  definition: FormDefinition,
  raw: string | undefined,
):
  | {
      status: 200;
      fields: Record<string, unknown>;
      attribution: Record<string, unknown> | undefined;
      body: Record<string, unknown>;
    }
  | { status: 400 | 413 } {
  // The handler reads the body as UTF-8 bytes: a lone surrogate in a raw body becomes U+FFFD.
  const bytes = Buffer.from(raw ?? '', 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) return { status: 413 };
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { status: 400 };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { status: 400 };
  const parsed = definition.schema.safeParse(value);
  if (!parsed.success) return { status: 400 };
  // Where the visit came from is stored beside the fields, never among them.
  const { fields, attribution } = splitAttribution(parsed.data);
  return { status: 200, fields, attribution, body: value as Record<string, unknown> };
}

/** HTML-escaped text, written independently of notification.ts so that its escaping is tested. */
function escaped(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A failed property: plain throws keep 50,000 runs fast (expect is costly per call). */
function check(condition: boolean, message: string, value?: unknown): asserts condition {
  if (!condition) {
    throw new Error(value === undefined ? message : `${message}: ${JSON.stringify(value)}`);
  }
}

/** Every string in a stored value, with the top-level field it belongs to. */
function* storedStrings(fields: Record<string, unknown>): Generator<[string, string]> {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string') yield [field, value];
    if (Array.isArray(value)) {
      for (const item of value) {
        check(typeof item === 'string', `${field} holds a non-string`, item);
        yield [field, item];
      }
    }
  }
}

function checkStoredFields(h: Harness, fields: Record<string, unknown>): void {
  check(Object.getPrototypeOf(fields) === Object.prototype, 'stored fields have another prototype');
  for (const key of Object.keys(fields)) {
    check(h.shapeKeys.has(key) && key !== 'attribution', 'unknown field stored', key);
  }

  // Valid by the form's own schema, and a fixed point of it: cleaning twice changes nothing.
  const again = h.definition.schema.safeParse(fields);
  check(again.success, 'stored fields fail the schema', fields);
  check(!('attribution' in again.data), 'the schema added an attribution', again.data);
  check(isDeepStrictEqual(again.data, fields), 'cleaning the stored fields changes them', {
    stored: fields,
    again: again.data,
  });

  for (const [field, value] of storedStrings(fields)) {
    check(!/[<>]/.test(value), `${field} keeps an angle bracket`, value);
    check(value === value.trim(), `${field} is not trimmed`, value);
    if (MULTILINE_FIELDS.has(field)) {
      check(!TEXT_CONTROL.test(value), `${field} keeps a control character`, value);
      check(!/\n{3,}/.test(value), `${field} keeps a run of blank lines`, value);
    } else {
      check(!LINE_CONTROL.test(value), `${field} keeps a line break or control`, value);
      check(!/\s{2,}/.test(value), `${field} keeps a run of spaces`, value);
    }
  }
}

function checkEmail(email: OutgoingEmail): void {
  try {
    assertHeadersSafe(email);
  } catch (error) {
    throw new Error(`unsafe e-mail header (${String(error)}): ${JSON.stringify(email)}`);
  }
  check(!HEADER_BREAK.test(email.subject), 'line break in the subject', email.subject);
  for (const address of [...email.to, ...email.replyTo]) {
    check(!HEADER_BREAK.test(address), 'line break in an address', address);
  }
  check(!/<script/i.test(email.html), '<script in the HTML', email.html);
  check(!/<img/i.test(email.html), '<img in the HTML', email.html);
  for (const [, tag = ''] of email.html.matchAll(/<\/?([^\s>/]+)/g)) {
    check(TEMPLATE_TAGS.has(tag.toLowerCase()), `<${tag}> in the HTML`, email.html);
  }
}

/**
 * Three bodies in four carry a solved browser check (the fake service's kind), so both the
 * verified and the unverified paths run; raw and non-object bodies are sent as they are.
 */
function withBrowserCheck(body: GeneratedBody['body'], n: number): GeneratedBody['body'] {
  if (body === undefined || n % 4 === 0) return body;
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return body;
  const checked = { [CHALLENGE_FIELD]: fakeSolution(), ...value };
  return typeof body === 'string' ? JSON.stringify(checked) : checked;
}

function count(h: Harness, outcome: string): void {
  h.stats[outcome] = (h.stats[outcome] ?? 0) + 1;
}

async function runOnce(h: Harness, generated: GeneratedBody): Promise<void> {
  const { definition, store, mailer } = h;
  h.keys += 1;
  const key = `prop-${definition.form}-${String(h.keys).padStart(6, '0')}`;
  const event = apiEvent({
    path: `/api/email/${definition.form}`,
    body: withBrowserCheck(generated.body, h.keys),
    headers: { 'idempotency-key': key },
    sourceIp: '203.0.113.7',
    userAgent: 'fast-check',
  });
  const rowsBefore = store.rows.size;
  const mailsBefore = mailer.sent.length;
  const errorsBefore = h.errors.length;

  const response = await h.handler(event);
  const status = response.statusCode;

  // 1. A 4xx or 200, a JSON answer of the API's shape, never a stack trace or a header break.
  check(status < 500, `${status} answered`, { response, errors: h.errors.slice(errorsBefore) });
  check(ALLOWED_STATUSES.has(status), `unexpected status ${status}`, response);
  check(!STACK_TRACE.test(response.body), 'a stack trace in the answer', response.body);
  const answer = JSON.parse(response.body) as { success: unknown; message: unknown };
  check(typeof answer.success === 'boolean', 'no success flag', answer);
  check(typeof answer.message === 'string', 'no message', answer);
  check(answer.success === (status === 200), 'success flag disagrees with the status', answer);
  // Every field message is the schema's own: zod/mini loads no locale, so a check without a
  // message of ours would answer zod's bare "Invalid input".
  const details = (answer as { details?: Record<string, string[]> }).details ?? {};
  for (const messages of Object.values(details)) {
    check(!messages.some((m) => /^Invalid input/.test(m)), "zod's default message", details);
  }
  for (const value of Object.values(response.headers)) {
    check(!HEADER_BREAK.test(value), 'line break in a response header', response.headers);
  }
  check(h.errors.length === errorsBefore, 'an error was logged', h.errors.slice(errorsBefore));

  const expected = expectedOutcome(definition, event.body);
  check(status === expected.status, `expected ${expected.status}, got ${status}`, response.body);
  const mails = mailer.sent.slice(mailsBefore);

  // 4. Every message sent is safe to hand to SES and carries no markup from the visitor.
  for (const email of mails) checkEmail(email);

  if (expected.status !== 200) {
    // 3. Refused: nothing stored, nobody mailed.
    check(store.rows.size === rowsBefore, 'a refused body was stored');
    check(mails.length === 0, 'a refused body was mailed', mails);
    count(h, String(status));
    return;
  }

  // 2. Accepted: exactly one new lead, under this key, holding clean and valid fields.
  check(store.rows.size === rowsBefore + 1, 'not exactly one lead stored');
  const row = store.rows.get(`${definition.form}#${key}`);
  check(row !== undefined, 'the lead is not stored under its key');
  check(
    isDeepStrictEqual(row.fields, expected.fields),
    'stored fields differ from the schema output',
    {
      stored: row.fields,
      expected: expected.fields,
    },
  );
  checkStoredFields(h, row.fields);
  check(
    isDeepStrictEqual(row.attribution, expected.attribution),
    'stored attribution differs from the schema output',
    { stored: row.attribution, expected: expected.attribution },
  );
  // Only known, valid parts, each one clean line, and never an empty object.
  if (row.attribution) {
    check(Object.keys(row.attribution).length > 0, 'an empty attribution was stored');
    for (const [part, value] of Object.entries(row.attribution)) {
      check(typeof value === 'string' && value !== '', `attribution ${part} is not text`, value);
      check(!LINE_CONTROL.test(value) && !/[<>]/.test(value), `attribution ${part} unclean`, value);
      check(value === value.trim() && !/\s{2,}/.test(value), `attribution ${part} spaced`, value);
    }
  }

  const honeypot = expected.body.website;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
    check(row.spam, 'a filled honeypot was not flagged as spam', honeypot);
  }
  // The answer tells the visitor whether their e-mail went, and never "sent" for one that did not.
  const told = (answer as { confirmation?: unknown }).confirmation;
  const visitorSent = mails.some((email) => email.tags.audience === 'visitor');
  check(
    told === (definition.visitorMessage ? (visitorSent ? 'sent' : 'not-sent') : undefined),
    'the answer misstates the visitor e-mail',
    { told, visitorSent },
  );
  if (row.spam) {
    check(row.emailStatus === 'skipped', 'spam was not skipped', row.emailStatus);
    check(mails.length === 0, 'spam was mailed', mails);
    count(h, 'spam');
  } else {
    check(row.emailStatus === 'sent', 'an accepted lead was not mailed', row.emails);
    // The visitor is mailed only after a verified browser check, within the budgets.
    const visitorMailed =
      definition.visitorMessage !== undefined && row.browserCheck === 'verified';
    check(mails.length === (visitorMailed ? 2 : 1), 'wrong number of e-mails', mails);
    const sales = mails.find((email) => email.tags.audience === 'sales');
    check(sales !== undefined, 'no sales e-mail');
    // A visitor e-mail goes to an address anyone can type: none of the typed words in it.
    const visitor = mails.find((email) => email.tags.audience === 'visitor');
    // Nor where the visit came from: a link's utm_* values are anyone's words too.
    for (const value of Object.values(row.attribution ?? {})) {
      if (!visitor || value.length < 8) continue;
      const text = `${visitor.subject}\n${visitor.text}\n${visitor.html}`;
      check(
        !text.includes(value) && !text.includes(escaped(value)),
        'attribution in visitor e-mail',
        {
          value,
          visitor,
        },
      );
    }
    for (const [field, value] of Object.entries(row.fields)) {
      if (!visitor || !FREE_TEXT_FIELDS.has(field) || typeof value !== 'string') continue;
      if (field === 'email' || field === 'workEmail' || value.length < 8) continue;
      const text = `${visitor.subject}\n${visitor.text}\n${visitor.html}`;
      check(
        !text.includes(value) && !text.includes(escaped(value)),
        `${field} in the visitor e-mail`,
        {
          value,
          visitor,
        },
      );
    }
    for (const [field, value] of Object.entries(row.fields)) {
      if (FREE_TEXT_FIELDS.has(field) && typeof value === 'string') {
        // Validated addresses and numbers are shown as they are; typed text as visitor text:
        // links disabled, one line in quotation marks, or escaped with each line break a <br>
        // (Outlook drops white-space: pre-wrap), the Unicode separators included.
        const typed = VALIDATED_FIELDS.has(field) ? value : defangLinks(value);
        const shown =
          VALIDATED_FIELDS.has(field) || !isMultiline(typed)
            ? escaped(VALIDATED_FIELDS.has(field) ? typed : inlineQuote(typed))
            : escaped(typed).replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, '<br>');
        check(sales.html.includes(shown), `${field} is not in the HTML escaped`, {
          value,
          html: sales.html,
        });
      }
    }
    // Where the lead came from: the first row of the details, escaped in the HTML.
    for (const { label, value } of sourceRows(row.attribution)) {
      const quoted = inlineQuote(defangLinks(value));
      check(
        sales.html.includes(`>${escaped(quoted)}</td>`),
        'the source is not in the HTML escaped',
        {
          value,
          html: sales.html,
        },
      );
      check(sales.text.includes(`\n${label}: ${quoted}\n`), 'the source is not in the text', value);
    }
    count(h, '200');
  }
  // Keep memory flat over the runs: what was checked is not needed again.
  mailer.sent.splice(mailsBefore);
}

const FORMS = [contactForm, partnerForm, demoForm, betaAccessForm, downloadForm];

describe('lead form handlers under generated bodies', { timeout: 120_000 }, () => {
  for (const definition of FORMS) {
    it(`${definition.form}: never a 5xx, never an invalid lead stored, never an unsafe e-mail`, async () => {
      const h = harness(definition);
      await fc.assert(
        fc.asyncProperty(generatedBody(sampleBody(definition.form), NOW.getTime()), (body) =>
          runOnce(h, body),
        ),
        { numRuns: RUNS_PER_FORM },
      );
      // The generators reach every path: accepted, spam, refused as invalid and as too large.
      expect(h.stats['200'] ?? 0).toBeGreaterThan(RUNS_PER_FORM / 50);
      expect(h.stats.spam ?? 0).toBeGreaterThan(0);
      expect(h.stats['400'] ?? 0).toBeGreaterThan(RUNS_PER_FORM / 10);
      expect(h.stats['413'] ?? 0).toBeGreaterThan(0);
    });
  }
});

/**
 * What SES is asked to send for each visitor e-mail of one submission, whole: the From,
 * To and Reply-To headers, the subject, both bodies and the tags.
 */
async function visitorRequests(
  definition: FormDefinition,
  headers: { idempotencyKey: string; userAgent: string },
): Promise<string[]> {
  const h = harness(definition);
  await h.handler(
    apiEvent({
      path: `/api/email/${definition.form}`,
      body: { ...sampleBody(definition.form), [CHALLENGE_FIELD]: fakeSolution() },
      headers: { 'idempotency-key': headers.idempotencyKey, 'user-agent': headers.userAgent },
      userAgent: headers.userAgent,
    }),
  );
  const visitor = h.mailer.sent.filter((email) => email.tags.audience === 'visitor');
  check(visitor.length === 1, 'no visitor e-mail was sent', h.mailer.sent);
  return visitor.map((email) =>
    JSON.stringify(
      sendEmailRequest({ from: 'Kryon <no-reply@kryon.example>', configurationSet: 'v' }, email),
    ),
  );
}

describe('visitor e-mails carry nothing a client chose in its request headers', () => {
  const VISITOR_FORMS = FORMS.filter((definition) => definition.visitorMessage);

  for (const definition of VISITOR_FORMS) {
    it(`${definition.form}: neither the Idempotency-Key nor the User-Agent reaches it`, async () => {
      // Kryon's own words: a generated value that happens to be one of them proves nothing.
      const [fixed = ''] = await visitorRequests(definition, {
        idempotencyKey: 'neutral-key-0001',
        userAgent: 'neutral agent',
      });
      await fc.assert(
        fc.asyncProperty(
          fc.stringMatching(IDEMPOTENCY_KEY_PATTERN),
          fc.string({ minLength: 8, maxLength: 200 }),
          async (idempotencyKey, userAgent) => {
            fc.pre(
              !fixed.includes(idempotencyKey) &&
                !fixed.includes(JSON.stringify(userAgent).slice(1, -1)),
            );
            for (const request of await visitorRequests(definition, {
              idempotencyKey,
              userAgent,
            })) {
              check(!request.includes(idempotencyKey), 'the Idempotency-Key in a visitor e-mail', {
                idempotencyKey,
                request,
              });
              check(
                !request.includes(JSON.stringify(userAgent).slice(1, -1)),
                'the User-Agent in a visitor e-mail',
                { userAgent, request },
              );
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
