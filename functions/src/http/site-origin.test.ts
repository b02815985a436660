import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';
import { json } from './responses.ts';
import { ORIGIN_VERIFY_HEADER, siteOriginOnly, viewerIp } from './site-origin.ts';

const SECRET = 'x'.repeat(64);
const EDGE = '130.176.0.1';

function echoHandler() {
  return vi.fn(async (event: APIGatewayProxyEventV2) =>
    json(200, { sourceIp: event.requestContext.http.sourceIp }),
  );
}

describe('siteOriginOnly', () => {
  it('refuses, as JSON, a request that did not come through CloudFront', async () => {
    const inner = echoHandler();
    const handler = siteOriginOnly(inner, { current: SECRET });
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` },
    ];
    for (const headers of attempts) {
      const response = await handler(apiEvent({ headers }));
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.wrongOrigin });
    }
    expect(inner).not.toHaveBeenCalled();
  });

  it("passes CloudFront's requests on with the visitor's address as sourceIp", async () => {
    const handler = siteOriginOnly(echoHandler(), { current: SECRET });
    const response = await handler(
      apiEvent({
        sourceIp: EDGE,
        headers: { [ORIGIN_VERIFY_HEADER]: SECRET, 'x-forwarded-for': `203.0.113.7, ${EDGE}` },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ sourceIp: '203.0.113.7' });
  });

  it('accepts the current and the previous value mid-rotation, and nothing else', async () => {
    const OLD = 'o'.repeat(64);
    const NEW = 'n'.repeat(64);
    const inner = echoHandler();
    const handler = siteOriginOnly(inner, { current: NEW, previous: OLD });
    const status = async (value: string) =>
      (await handler(apiEvent({ headers: { [ORIGIN_VERIFY_HEADER]: value } }))).statusCode;
    // CloudFront still sending the old value until the distribution is updated...
    expect(await status(OLD)).toBe(200);
    // ...and the new one after.
    expect(await status(NEW)).toBe(200);
    expect(await status('x'.repeat(64))).toBe(403);
    expect(await status(OLD.slice(1))).toBe(403);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('changes nothing where no secret is configured (the local stack)', async () => {
    const inner = echoHandler();
    const event = apiEvent({ sourceIp: '127.0.0.1', headers: { 'x-forwarded-for': '1.2.3.4' } });
    const response = await siteOriginOnly(inner, undefined)(event);
    expect(bodyOf(response)).toEqual({ sourceIp: '127.0.0.1' });
    expect(inner).toHaveBeenCalledWith(event);
  });
});

describe('viewerIp', () => {
  const at = (xff: string | undefined, sourceIp = EDGE) =>
    viewerIp(apiEvent({ sourceIp, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }));

  it('takes the address CloudFront appended, whether or not API Gateway added the edge', () => {
    expect(at(`203.0.113.7, ${EDGE}`)).toBe('203.0.113.7');
    expect(at('203.0.113.7')).toBe('203.0.113.7');
    expect(at('2001:db8::1, 130.176.0.1')).toBe('2001:db8::1');
  });

  it('ignores what the visitor wrote in front of it', () => {
    expect(at(`10.0.0.1, 198.51.100.9, 203.0.113.7, ${EDGE}`)).toBe('203.0.113.7');
  });

  it('falls back to sourceIp when the header is missing or not an address', () => {
    expect(at(undefined)).toBe(EDGE);
    expect(at(`not-an-ip, ${EDGE}`)).toBe(EDGE);
    expect(at(EDGE)).toBe(EDGE);
  });
});
