/**
 * fast-check arbitraries of hostile request bodies for the lead forms: mutations of a
 * form's valid sample body, arbitrary JSON values and raw strings that are not JSON.
 */
import { ATTRIBUTION_KEYS } from '@kryon/shared/attribution';
import { FORM_STARTED_FIELD, HONEYPOT_FIELD, MAX_BODY_BYTES } from '@kryon/shared/constants';
import fc from 'fast-check';

/** What one run sends: an object is sent as JSON, a string as is, undefined as no body. */
export type GeneratedBody =
  | { kind: 'mutated'; body: Record<string, unknown> }
  | { kind: 'json'; body: string }
  | { kind: 'raw'; body: string | undefined };

/** Markup that must never reach an e-mail's HTML unescaped. */
export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<IMG SRC="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '</td></tr></table><h1>owned</h1>',
  '<!--',
  '&lt;script&gt;',
  '&#60;script&#62;',
] as const;

/** Short pieces that matter in headers, HTML, JSON, unicode handling and templates. */
const SNIPPETS = [
  ...HTML_PAYLOADS,
  '\r\nBcc: evil@attacker.example',
  '\nSubject: injected',
  '\rX-Injected: 1',
  '%0d%0aBcc: evil@attacker.example',
  '=?utf-8?b?QmNjOiBldmlsQGF0dGFja2VyLmV4YW1wbGU=?=',
  '\r',
  '\n',
  '\r\n',
  '\n\n\n\n',
  '\n \n \n',
  '\r\n \r\n \r\n',
  '\n\t\n\u00a0\n',
  ' \n ',
  '\t',
  '\v',
  '\f',
  '\0',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  '\u009b',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\u202eevil',
  '\u202b\u05e9\u05dc\u05d5\u05dd',
  '\u0645\u0631\u062d\u0628\u0627',
  'e\u0301',
  '\ud83d\udc69\u200d\ud83d\udcbb',
  '\ud83c\uddec\ud83c\udde7',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  '\ufdfd',
  '&',
  '"',
  "'",
  '\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  "'; DROP TABLE leads;--",
  '   ',
  '',
] as const;

export const snippet = fc.constantFrom(...SNIPPETS);

/** Strings in which the characters that matter come often, mixed with any grapheme. */
export const hostileString = fc.string({
  unit: fc.oneof(
    { arbitrary: snippet, weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '<',
        '>',
        '&',
        '"',
        "'",
        '\r',
        '\n',
        ' ',
        '\t',
        '\u001f',
        '@',
        '.',
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }), weight: 3 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }), weight: 1 },
  ),
  maxLength: 60,
});

/** Strings around the schemas' length limits (and the e-mail maximum of 254). */
const boundaryString = fc
  .tuple(
    fc.constantFrom('a', 'é', ' ', '\n', '<', '\u{1f600}', 'ab\r\n'),
    fc.constantFrom(1, 2, 4, 5, 9, 10, 11, 19, 20, 21, 29, 30, 31, 99, 100, 101, 254, 255, 2000),
    fc.constantFrom(-1, 0, 1),
  )
  .map(([unit, length, delta]) => unit.repeat(Math.max(0, length + delta)));

/**
 * Very long strings, cheap to build: some keep the body under the 64 KB cap, most take it
 * over (and the 413 path) once JSON-encoded.
 */
export const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '\n', '<', '\u{1f600}', '"'),
    fc.integer({ min: 2_001, max: 70_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** A valid-looking address with something attached: spaces and breaks that trim, or not. */
const emailLike = fc
  .tuple(
    fc.constantFrom('', ' ', '\r\n', '\n', '\t', '\u00a0', '\u2028', 'Bcc: '),
    fc.constantFrom(
      'ada@example.com',
      'Ada+News@Example.COM',
      "o'brien@example.co.uk",
      'a@b.io',
      'x@gmail.com',
      'bob@yahoo.co.uk',
      '"quoted"@example.com',
      'a@b@c.example',
      'evil@attacker.example>',
      '<evil@attacker.example',
      '\u212a@example.com',
      '\u0130@example.com',
      'ada@exa\u0301mple.com',
      'ada@example.com, evil@attacker.example',
    ),
    fc.constantFrom('', ' ', '\r\n', '\nBcc: evil@attacker.example', '\r', '\u0085', ';x@y.z'),
  )
  .map(([before, address, after]) => `${before}${address}${after}`);

/** What a field may hold instead of its valid value. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }), weight: 4 },
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: snippet, weight: 3 },
  { arbitrary: boundaryString, weight: 3 },
  { arbitrary: emailLike, weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  {
    arbitrary: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, 1e308, -1, 2 ** 53)),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(null, true, false, 'true', 'on', 'yes', 1, 'TRUE'), weight: 2 },
  {
    arbitrary: fc.array(fc.oneof(hostileString, fc.anything({ maxDepth: 1 })), { maxLength: 4 }),
    weight: 2,
  },
  {
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
    weight: 1,
  },
);

/**
 * What a body's `attribution` may hold: objects of its own parts, valid or hostile, and any
 * other value. The server keeps the valid parts and drops the rest, never the lead.
 */
const attributionValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.dictionary(
      fc.constantFrom(...ATTRIBUTION_KEYS),
      fc.oneof(
        fc.constantFrom(
          '/',
          '/demo',
          '/security-intelligence/identity-risks/long-lived-access-keys',
          '//evil.example',
          'https://news.example',
          'https://news.example/page',
          'http://localhost:3000',
          'newsletter',
          'q4-launch',
        ),
        fieldValue,
      ),
      { maxKeys: 8 },
    ),
    weight: 3,
  },
  { arbitrary: fieldValue, weight: 1 },
);

/** Keys a form does not know, and keys that are dangerous to assign naively. */
const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    HONEYPOT_FIELD,
    FORM_STARTED_FIELD,
    '',
    'Name',
    'EMAIL',
    'submissionId',
    'spam',
    'emailStatus',
    'fields',
  ),
  fc.string({ maxLength: 12 }),
);

/** Sets a property as JSON.parse would: an own, enumerable one, even for `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Op =
  | { op: 'set'; key: string; value: unknown }
  | { op: 'delete'; key: string }
  | { op: 'insert'; key: string; piece: string; at: number }
  | { op: 'honeypot'; value: unknown }
  | { op: 'started'; value: unknown }
  | { op: 'swap'; a: string; b: string };

function applyOp(body: Record<string, unknown>, change: Op): void {
  switch (change.op) {
    case 'set':
      setOwn(body, change.key, change.value);
      return;
    case 'delete':
      delete body[change.key];
      return;
    case 'insert': {
      const current = body[change.key];
      if (typeof current !== 'string') {
        setOwn(body, change.key, change.piece);
        return;
      }
      const at = Math.floor(change.at * (current.length + 1));
      setOwn(body, change.key, `${current.slice(0, at)}${change.piece}${current.slice(at)}`);
      return;
    }
    case 'honeypot':
      setOwn(body, HONEYPOT_FIELD, change.value);
      return;
    case 'started':
      setOwn(body, FORM_STARTED_FIELD, change.value);
      return;
    case 'swap': {
      const a = body[change.a];
      setOwn(body, change.a, body[change.b]);
      setOwn(body, change.b, a);
      return;
    }
  }
}

/**
 * The form's valid sample body with up to five changes: a field replaced by any value,
 * hostile text inserted into it, fields deleted or swapped, unknown fields added, an
 * attribution of any shape, the honeypot filled or a form start time given (`nowMs` is the handler's clock).
 */
export function mutatedBody(
  sample: Record<string, unknown>,
  nowMs: number,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(sample);
  const key = fc.constantFrom(...keys);
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      arbitrary: fc.record({ op: fc.constant('set' as const), key, value: fieldValue }),
      weight: 5,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('insert' as const),
        key,
        piece: fc.oneof(snippet, hostileString),
        at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
      }),
      weight: 5,
    },
    { arbitrary: fc.record({ op: fc.constant('delete' as const), key }), weight: 2 },
    {
      arbitrary: fc.record({ op: fc.constant('set' as const), key: extraKey, value: fieldValue }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('set' as const),
        key: fc.constant('attribution'),
        value: attributionValue,
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('honeypot' as const),
        value: fc.oneof(fc.constantFrom('', null, 'http://spam.example', 0, false), fieldValue),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('started' as const),
        value: fc.oneof(
          fc.integer({ min: -10_000, max: 90_000_000 }).map((ago) => nowMs - ago),
          fc.integer({ min: 0, max: 10_000 }).map((ago) => String(nowMs - ago)),
          fieldValue,
        ),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ op: fc.constant('swap' as const), a: key, b: key }), weight: 1 },
  );
  return fc.array(op, { maxLength: 5 }).map((ops) => {
    const body = structuredClone(sample);
    for (const change of ops) applyOp(body, change);
    return body;
  });
}

/** Bodies that are not one JSON object: broken JSON, other text, no body at all. */
export function rawBody(sample: Record<string, unknown>): fc.Arbitrary<string | undefined> {
  const json = JSON.stringify(sample);
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    hostileString,
    fc.constantFrom(undefined, '', ' ', 'null', '[]', '{', '}', '{"a":}', 'undefined', 'NaN'),
    fc.nat({ max: json.length - 1 }).map((n) => json.slice(0, n)),
    fc.constantFrom(`\ufeff${json}`, `${json}x`, `${json},`, `[${json}]`, `"${json}"`),
    fc.constantFrom(`${json.slice(0, -1)},"website":"x"`, json.replace(/"/g, "'")),
    fc.constantFrom('{"a":'.repeat(10_000), '['.repeat(60_000), 'x'.repeat(MAX_BODY_BYTES + 1)),
    hugeString,
  );
}

/** Everything a run may send to one form: mostly mutations, some JSON values, some text. */
export function generatedBody(
  sample: Record<string, unknown>,
  nowMs: number,
): fc.Arbitrary<GeneratedBody> {
  return fc.oneof(
    {
      arbitrary: mutatedBody(sample, nowMs).map((body) => ({ kind: 'mutated' as const, body })),
      weight: 14,
    },
    {
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => ({ kind: 'json' as const, body: JSON.stringify(value) })),
      weight: 3,
    },
    {
      arbitrary: rawBody(sample).map((body) => ({ kind: 'raw' as const, body })),
      weight: 3,
    },
  );
}
