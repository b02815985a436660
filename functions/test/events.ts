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
    rawQueryString: '',
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
        sourceIp: options.sourceIp ?? '203.0.113.7',
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
