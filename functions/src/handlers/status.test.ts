import { LEAD_FORMS } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';

Object.assign(process.env, {
  APP_VERSION: '1.2.3',
  AWS_REGION: 'eu-central-1',
  MAIL_FROM: 'Kryon <no-reply@kryon.example>',
  SES_CONFIGURATION_SET: 'kryon-leads',
});
const { handler } = await import('./status.ts');

describe('GET /api/email/status', () => {
  it('describes the deployment and how it sends e-mail', async () => {
    const response = await handler(
      apiEvent({ method: 'GET', path: '/api/email/status', body: undefined }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bodyOf(response)).toEqual({
      success: true,
      service: 'kryon-leads',
      version: '1.2.3',
      region: 'eu-central-1',
      forms: [...LEAD_FORMS],
      email: { sender: 'Kryon <no-reply@kryon.example>', configurationSet: 'kryon-leads' },
      timestamp: expect.any(String),
    });
  });

  it('answers 405 JSON with Allow: GET for another method', async () => {
    const response = await handler(apiEvent({ method: 'DELETE', path: '/api/email/status' }));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(bodyOf(response).message).toBe(ERROR_MESSAGES.methodNotAllowed);
  });
});
