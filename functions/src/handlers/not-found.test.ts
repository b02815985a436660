import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';
import { handler } from './not-found.ts';

describe('the $default route', () => {
  it.each([
    ['GET', '/api/email/nope'],
    ['POST', '/api/email/contacts'],
    ['GET', '/api'],
    ['GET', '/api/email'],
    ['GET', '/api/email/contact/extra'],
  ])('answers %s %s with 404 JSON', async (method, path) => {
    const response = await handler(apiEvent({ method, path }));
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.allow).toBeUndefined();
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.notFound });
  });

  it.each([
    ['GET', '/api/email/contact', 'POST'],
    ['PUT', '/api/email/contact/', 'POST'],
    ['GET', '/api/email/partner', 'POST'],
    ['DELETE', '/api/email/beta-access', 'POST'],
    ['POST', '/api/email/health', 'GET'],
    ['PATCH', '/api/email/status', 'GET'],
  ])('answers %s %s with 405 JSON and Allow: %s', async (method, path, allow) => {
    const response = await handler(apiEvent({ method, path }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.methodNotAllowed });
  });
});
