import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_PATHS } from '@kryon/shared/api';
import { HONEYPOT_FIELD } from '@kryon/shared/constants';
import { betaAccessSchema } from '@kryon/shared/forms/beta-access';
import { contactSchema } from '@kryon/shared/forms/contact';
import { demoSchema } from '@kryon/shared/forms/demo';
import { downloadSchema } from '@kryon/shared/forms/download';
import { partnerSchema } from '@kryon/shared/forms/partner';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

/*
 * The committed events of functions/events/ that `npm run invoke` takes: one per endpoint,
 * each what API Gateway would hand the Lambda, each form's body one the form accepts.
 */
const eventsDir = resolve(import.meta.dirname, '..', 'events');
const SCHEMAS = {
  contact: contactSchema,
  partner: partnerSchema,
  demo: demoSchema,
  'beta-access': betaAccessSchema,
  download: downloadSchema,
} as const;
const ENDPOINTS = Object.keys(API_PATHS) as (keyof typeof API_PATHS)[];

function load(name: string): APIGatewayProxyEventV2 {
  return JSON.parse(
    readFileSync(join(eventsDir, `${name}.json`), 'utf8'),
  ) as APIGatewayProxyEventV2;
}

describe('functions/events', () => {
  it('holds one event per endpoint and nothing else', () => {
    expect(readdirSync(eventsDir).sort()).toEqual(ENDPOINTS.map((name) => `${name}.json`).sort());
  });

  it.each(ENDPOINTS)('%s.json is a payload 2.0 event for its route', (name) => {
    const event = load(name);
    const method = name in SCHEMAS ? 'POST' : 'GET';
    const path = API_PATHS[name];
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: `${method} ${path}`,
      rawPath: path,
      isBase64Encoded: false,
      requestContext: {
        routeKey: `${method} ${path}`,
        stage: '$default',
        http: { method, path },
      },
    });
    expect(event.requestContext.http.sourceIp).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(event.headers['x-forwarded-for']?.startsWith(event.requestContext.http.sourceIp)).toBe(
      true,
    );
    expect(event.requestContext.http.userAgent).toBe(event.headers['user-agent']);
    // Header names arrive lower-cased in payload 2.0.
    for (const header of Object.keys(event.headers)) expect(header).toBe(header.toLowerCase());
  });

  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    "%s.json carries a JSON body its form's schema accepts, as the site sends it",
    (form) => {
      const event = load(form);
      expect(event.headers['content-type']).toBe('application/json');
      expect(event.headers['content-length']).toBe(
        String(Buffer.byteLength(event.body ?? '', 'utf8')),
      );
      const body = JSON.parse(event.body ?? '') as Record<string, unknown>;
      // The site always sends the empty honeypot; a filled one would be stored as spam.
      expect(body[HONEYPOT_FIELD]).toBe('');
      const parsed = SCHEMAS[form].safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it.each(['health', 'status'])('%s.json has no body', (name) => {
    expect(load(name).body).toBeUndefined();
  });
});
