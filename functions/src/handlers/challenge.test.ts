import { API_PATHS } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';

Object.assign(process.env, { IP_HASH_SECRET: 'unit-secret' });
const { handler } = await import('./challenge.ts');

const get = (query: Record<string, string> | undefined) => ({
  ...apiEvent({ method: 'GET', path: API_PATHS.challenge, body: undefined }),
  queryStringParameters: query,
});

describe('GET /api/email/challenge', () => {
  it('answers a signed challenge for the form, never cached', async () => {
    const response = await handler(get({ form: 'beta-access' }));

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bodyOf(response)).toMatchObject({
      parameters: { algorithm: 'PBKDF2/SHA-256', data: { form: 'beta-access' } },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it.each([
    ['no query', undefined],
    ['no form', { other: 'x' }],
    ['an unknown form', { form: 'admin' }],
    ['a prototype key', { form: '__proto__' }],
  ])('answers 400 JSON for %s', async (_label, query) => {
    const response = await handler(get(query));
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.unknownForm });
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await handler(
      apiEvent({ method: 'POST', path: API_PATHS.challenge, body: '{}' }),
    );
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
  });
});
