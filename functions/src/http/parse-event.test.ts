import { MAX_BODY_BYTES } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { apiEvent } from '../../test/events.ts';
import { header, idempotencyKey, parseJsonBody } from './parse-event.ts';

/** A JSON object whose UTF-8 encoding is exactly `bytes` long. */
function jsonOfSize(bytes: number): string {
  const shell = '{"pad":""}';
  return `{"pad":"${'x'.repeat(bytes - shell.length)}"}`;
}

function refusal(result: ReturnType<typeof parseJsonBody>) {
  if (result.ok) throw new Error('expected a refusal');
  return { status: result.response.statusCode, body: JSON.parse(result.response.body) };
}

describe('parseJsonBody', () => {
  it('returns the JSON object of a JSON request', () => {
    const result = parseJsonBody(apiEvent({ body: { name: 'Ada', n: 1 } }));
    expect(result).toEqual({ ok: true, value: { name: 'Ada', n: 1 } });
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    '  application/json  ',
  ])('accepts the content type %j', (contentType) => {
    const result = parseJsonBody(
      apiEvent({ body: { a: 1 }, headers: { 'content-type': contentType } }),
    );
    expect(result.ok).toBe(true);
  });

  it('reads the content type whatever the case of the header name', () => {
    const event = apiEvent({ body: { a: 1 } });
    event.headers = { 'Content-Type': 'application/json' };
    expect(parseJsonBody(event).ok).toBe(true);
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    '',
  ])('refuses the content type %j with 415', (contentType) => {
    const result = parseJsonBody(
      apiEvent({ body: '{}', headers: { 'content-type': contentType } }),
    );
    expect(refusal(result)).toEqual({
      status: 415,
      body: { success: false, message: ERROR_MESSAGES.unsupportedMediaType },
    });
  });

  it('refuses a request without a content type with 415', () => {
    const event = apiEvent({ body: '{}' });
    event.headers = {};
    expect(refusal(parseJsonBody(event)).status).toBe(415);
  });

  it('accepts a body of exactly 64 KB and refuses one byte more with 413', () => {
    expect(parseJsonBody(apiEvent({ body: jsonOfSize(MAX_BODY_BYTES) })).ok).toBe(true);
    expect(refusal(parseJsonBody(apiEvent({ body: jsonOfSize(MAX_BODY_BYTES + 1) })))).toEqual({
      status: 413,
      body: { success: false, message: ERROR_MESSAGES.bodyTooLarge },
    });
  });

  it('counts bytes, not characters: 30,000 euro signs are 90,000 bytes', () => {
    const body = JSON.stringify({ message: '€'.repeat(30_000) });
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    expect(refusal(parseJsonBody(apiEvent({ body }))).status).toBe(413);
  });

  it.each([
    ['malformed JSON', '{"name": "Ada",'],
    ['an empty body', undefined],
    ['a JSON array', '[{"name":"Ada"}]'],
    ['a JSON string', '"Ada"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
    ['JSON true', 'true'],
  ])('refuses %s with 400', (_label, body) => {
    expect(refusal(parseJsonBody(apiEvent({ body })))).toEqual({
      status: 400,
      body: { success: false, message: ERROR_MESSAGES.malformedJson },
    });
  });

  it('decodes a base64-encoded body', () => {
    const raw = JSON.stringify({ name: 'Zoë Ångström' });
    const event = apiEvent({ body: Buffer.from(raw).toString('base64'), isBase64Encoded: true });
    expect(parseJsonBody(event)).toEqual({ ok: true, value: { name: 'Zoë Ångström' } });
  });

  it('applies the size limit to the decoded bytes of a base64 body', () => {
    const atLimit = Buffer.from(jsonOfSize(MAX_BODY_BYTES)).toString('base64');
    const overLimit = Buffer.from(jsonOfSize(MAX_BODY_BYTES + 1)).toString('base64');
    // The base64 text of a 64 KB body is itself longer than 64 KB.
    expect(atLimit.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(parseJsonBody(apiEvent({ body: atLimit, isBase64Encoded: true })).ok).toBe(true);
    expect(
      refusal(parseJsonBody(apiEvent({ body: overLimit, isBase64Encoded: true }))).status,
    ).toBe(413);
  });
});

describe('idempotencyKey', () => {
  it('gives a fresh key when the request has none', () => {
    const newKey = vi.fn(() => 'generated-key-1');
    expect(idempotencyKey(apiEvent(), newKey)).toEqual({ ok: true, value: 'generated-key-1' });
    expect(newKey).toHaveBeenCalledOnce();
  });

  it.each([
    'abcd1234',
    'k'.repeat(128),
    '3f2c9b1e-7a4d-4c1b-9e2f-0a1b2c3d4e5f',
    'Under_score-and-Hyphen',
  ])('accepts the key %j as given', (key) => {
    const newKey = vi.fn(() => 'unused');
    const event = apiEvent({ headers: { 'Idempotency-Key': key } });
    expect(idempotencyKey(event, newKey)).toEqual({ ok: true, value: key });
    expect(newKey).not.toHaveBeenCalled();
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(129)],
    ['empty', ''],
    ['with a space', 'abcd 1234'],
    ['with CR/LF', 'abcd1234\r\nX-Evil: 1'],
    ['with a slash', 'abcd/1234'],
    ['with a hash (the key separator)', 'abcd#1234'],
    ['non-ASCII', 'abcdé1234'],
  ])('refuses a key %s with 400', (_label, key) => {
    const result = idempotencyKey(apiEvent({ headers: { 'idempotency-key': key } }), () => 'x');
    if (result.ok) throw new Error('expected a refusal');
    expect(result.response.statusCode).toBe(400);
    expect(JSON.parse(result.response.body)).toEqual({
      success: false,
      message: ERROR_MESSAGES.badIdempotencyKey,
    });
  });
});

describe('header', () => {
  it('finds a header whatever the case of its name', () => {
    const event = apiEvent({ headers: { 'X-Custom': 'yes' } });
    expect(header(event, 'x-custom')).toBe('yes');
    expect(header(event, 'x-missing')).toBeUndefined();
  });

  it('copes with an event without headers', () => {
    const event = apiEvent();
    // @ts-expect-error API Gateway omits headers on some synthetic events
    event.headers = undefined;
    expect(header(event, 'content-type')).toBeUndefined();
  });
});
