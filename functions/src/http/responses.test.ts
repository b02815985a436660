import { describe, expect, it } from 'vitest';
import { errorResponse, json } from './responses.ts';

const SAFE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

describe('json', () => {
  it('serialises the body and sends the no-store, nosniff JSON headers', () => {
    const response = json(200, { success: true, n: 1 });
    expect(response).toEqual({
      statusCode: 200,
      headers: SAFE_HEADERS,
      body: '{"success":true,"n":1}',
    });
  });

  it('adds extra headers next to the base ones', () => {
    const response = json(429, {}, { 'retry-after': '60' });
    expect(response.headers).toEqual({ ...SAFE_HEADERS, 'retry-after': '60' });
  });
});

describe('errorResponse', () => {
  it('answers { success: false, message } without details when there are none', () => {
    const response = errorResponse(404, 'Not found.');
    expect(response.statusCode).toBe(404);
    expect(response.headers).toEqual(SAFE_HEADERS);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: 'Not found.' });
  });

  it('carries field details and extra headers', () => {
    const response = errorResponse(400, 'Please check your input and try again.', {
      details: { name: ['Please enter your full name'] },
      headers: { allow: 'POST' },
    });
    expect(response.headers.allow).toBe('POST');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      message: 'Please check your input and try again.',
      details: { name: ['Please enter your full name'] },
    });
  });
});
