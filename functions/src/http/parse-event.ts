import { IDEMPOTENCY_KEY_PATTERN } from '@kryon/shared/api';
import { MAX_BODY_BYTES } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse } from './responses.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: HttpResponse };

/**
 * The JSON object in a request body, or the 4xx answer that explains why there is none.
 * Only a JSON object is a submission: arrays, strings and numbers are refused here, so the
 * schema's messages stay about fields.
 */
export function parseJsonBody(event: APIGatewayProxyEventV2): Parsed<Record<string, unknown>> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType.trim())) {
    return fail(415, ERROR_MESSAGES.unsupportedMediaType);
  }
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) return fail(413, ERROR_MESSAGES.bodyTooLarge);

  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return fail(400, ERROR_MESSAGES.malformedJson);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(400, ERROR_MESSAGES.malformedJson);
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The request's Idempotency-Key; a request without one gets a fresh key (no dedupe). */
export function idempotencyKey(
  event: APIGatewayProxyEventV2,
  newKey: () => string,
): Parsed<string> {
  const given = header(event, 'idempotency-key');
  if (given === undefined) return { ok: true, value: newKey() };
  if (!IDEMPOTENCY_KEY_PATTERN.test(given)) return fail(400, ERROR_MESSAGES.badIdempotencyKey);
  return { ok: true, value: given };
}

/** API Gateway lower-cases header names in payload 2.0; local callers may not. */
export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

function fail(status: number, message: string): { ok: false; response: HttpResponse } {
  return { ok: false, response: errorResponse(status, message) };
}
