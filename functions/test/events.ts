import { readFileSync } from 'node:fs';
import type { ContactInput } from '@kryon/shared/forms/contact';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpResponse } from '../src/http/responses.ts';

export type Handler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

export interface EventOptions {
  method?: string;
  path?: string;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  headers?: Record<string, string>;
  isBase64Encoded?: boolean;
  sourceIp?: string;
  userAgent?: string;
  query?: Record<string, string>;
}

let clients = 0;

/**
 * A client address of its own for every event that names none (from 198.18.0.0/15, the
 * benchmarking range), so the per-client budget never couples one test to another.
 */
export function nextClientIp(): string {
  clients += 1;
  return `198.18.${Math.floor(clients / 250) % 256}.${(clients % 250) + 1}`;
}

/** An API Gateway HTTP API (payload 2.0) event, as the contact route receives it. */
export function apiEvent(options: EventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/email/contact';
  const body =
    options.body === undefined || typeof options.body === 'string'
      ? options.body
      : JSON.stringify(options.body);
  const headers = { 'content-type': 'application/json', ...options.headers };
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query).toString(),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: 'test',
      domainName: 'api.test',
      domainPrefix: 'api',
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? nextClientIp(),
        userAgent: options.userAgent ?? 'vitest',
      },
      requestId: 'request-1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body,
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

/** A valid contact submission; overrides replace or add fields. */
export function contactBody(
  overrides: Partial<Record<keyof ContactInput | 'website' | 'formStartedAt', unknown>> = {},
): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    subject: 'demo',
    message: 'We run 40 AWS accounts and would like a demo.',
    phone: '+44 20 7946 0958',
    ...overrides,
  };
}

/** A contact POST with a JSON body and, when given, an Idempotency-Key. */
export function contactEvent(body: unknown, idempotencyKey?: string): APIGatewayProxyEventV2 {
  return apiEvent({
    body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

export function bodyOf(response: HttpResponse): Record<string, unknown> {
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** The committed sample events' bodies (functions/events/), each valid for its form. */
export function sampleBody(form: string): Record<string, unknown> {
  const event = JSON.parse(
    readFileSync(new URL(`../events/${form}.json`, import.meta.url), 'utf8'),
  ) as { body: string };
  return JSON.parse(event.body) as Record<string, unknown>;
}
