import {
  API_PATHS,
  CHALLENGE_FORM_PARAM,
  CHALLENGE_REPRICED,
  IDEMPOTENCY_HEADER,
} from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUSY,
  busyDelayMs,
  createApiClient,
  createRateLimiter,
  formatError,
} from './api-client.ts';

const accepted = {
  success: true,
  message: 'Thank you for your message. We will get back to you soon!',
  submissionId: 'sub-1',
  timestamp: '2026-11-22T10:00:00.000Z',
};

function jsonResponse(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that never answers but rejects when its signal aborts, like a hung connection. */
function hangingFetch() {
  return vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
}

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON to the form path with an Idempotency-Key and returns the answer', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, accepted));
    const client = createApiClient({ fetch, newKey: () => 'key-12345678' });

    const result = await client.submit('contact', { name: 'Ada' }, 'ada@example.com');

    expect(result).toEqual({ ok: true, data: accepted });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(API_PATHS.contact);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Ada' }));
    expect(new Headers(init.headers).get(IDEMPOTENCY_HEADER)).toBe('key-12345678');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it("keeps the answer's confirmation and report link when they are what the contract says", async () => {
    const reportUrl =
      'https://www.kryon.example/api/email/report?lead=6f1c&item=kev-exposure-prioritization&expires=1&sig=x';
    const answer = { ...accepted, confirmation: 'not-sent', reportUrl };
    const fetch = vi.fn(async () => jsonResponse(200, answer));

    const result = await createApiClient({ fetch }).submit('download', {}, 'ada@example.com');

    expect(result).toEqual({ ok: true, data: answer });
  });

  it.each([
    ['an unknown confirmation', { confirmation: 'delivered' }, 'confirmation'],
    ['a script URL', { reportUrl: 'javascript:alert(1)' }, 'reportUrl'],
    ['another route', { reportUrl: 'https://www.kryon.example/login?next=x' }, 'reportUrl'],
    ['a relative path', { reportUrl: '/api/email/report?lead=x' }, 'reportUrl'],
    ['a non-string link', { reportUrl: 42 }, 'reportUrl'],
  ])('drops %s from an accepted answer, keeping the rest', async (_label, extra, dropped) => {
    const fetch = vi.fn(async () => jsonResponse(200, { ...accepted, ...extra }));

    const result = await createApiClient({ fetch }).submit('download', {}, 'ada@example.com');

    expect(result).toEqual({ ok: true, data: accepted });
    expect(result.ok && result.data).not.toHaveProperty(dropped);
  });

  it('retries network errors 3 times, 1 s apart, with the same Idempotency-Key', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, accepted));
    let key = 0;
    const client = createApiClient({ fetch, newKey: () => `key-${++key}-abcdefgh` });

    const pending = client.submit('contact', {}, 'ada@example.com');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);

    expect(await pending).toEqual({ ok: true, data: accepted });
    expect(fetch).toHaveBeenCalledTimes(4);
    const keys = fetch.mock.calls.map(([, init]) =>
      new Headers(init.headers).get(IDEMPOTENCY_HEADER),
    );
    expect(new Set(keys)).toEqual(new Set(['key-1-abcdefgh']));
  });

  it('gives the network message after the retries run out', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createApiClient({ fetch });

    const pending = client.submit('contact', {}, 'ada@example.com');
    await vi.advanceTimersByTimeAsync(3000);

    expect(await pending).toEqual({ ok: false, kind: 'network', message: ERROR_MESSAGES.network });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('times out after 10 s with the timeout message and does not retry', async () => {
    const fetch = hangingFetch();
    const client = createApiClient({ fetch });

    const pending = client.submit('contact', {}, 'ada@example.com');
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toEqual({ ok: false, kind: 'timeout', message: ERROR_MESSAGES.timeout });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry HTTP errors other than busy ones', async () => {
    const fetch = vi.fn(async () => jsonResponse(500, { success: false, message: 'broken' }));
    const client = createApiClient({ fetch });

    const result = await client.submit('contact', {}, 'ada@example.com');

    expect(result).toEqual({
      ok: false,
      kind: 'server',
      status: 500,
      message: ERROR_MESSAGES.server,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('maps 429 to the rate-limit message once the busy retries run out', async () => {
    const fetch = vi.fn(async () => jsonResponse(429, { success: false, message: 'slow down' }));
    const sleep = vi.fn(async (_ms: number) => undefined);
    const result = await createApiClient({ fetch, sleep }).submit('contact', {}, 'a@example.com');
    expect(result).toMatchObject({
      ok: false,
      kind: 'rate-limited',
      message: ERROR_MESSAGES.rateLimited,
    });
    expect(fetch).toHaveBeenCalledTimes(1 + BUSY.retries);
  });

  it('treats a busy server as later, not lost: same key, after its Retry-After, with jitter, and says so', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, message: 'Too many requests' }), {
          status: 429,
          headers: { 'Retry-After': '7' },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(503, { message: 'Service Unavailable' }))
      .mockResolvedValueOnce(jsonResponse(429, { message: 'Too Many Requests' }))
      .mockResolvedValueOnce(jsonResponse(200, accepted));
    const sleep = vi.fn(async (_ms: number) => undefined);
    const onBusy = vi.fn();
    const client = createApiClient({ fetch, sleep, random: () => 0.5, newKey: () => 'key-busy-1' });

    const result = await client.submit('contact', { name: 'Ada' }, 'ada@example.com', { onBusy });

    expect(result).toEqual({ ok: true, data: accepted });
    // The server's 7 s, then API Gateway's answers without Retry-After: 2 s, 4 s; each + 0.5 s.
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([7_500, 2_500, 4_500]);
    expect(onBusy.mock.calls.map(([ms]) => ms)).toEqual([7_500, 2_500, 4_500]);
    const keys = fetch.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get(IDEMPOTENCY_HEADER),
    );
    expect(new Set(keys)).toEqual(new Set(['key-busy-1']));
  });

  it('does not sit a visitor through a Retry-After past 10 s: the form says to try later', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Too many' }), {
          status: 429,
          headers: { 'Retry-After': '60' },
        }),
    );
    const sleep = vi.fn(async (_ms: number) => undefined);
    const result = await createApiClient({ fetch, sleep }).submit('contact', {}, 'a@example.com');

    expect(result).toMatchObject({ ok: false, kind: 'rate-limited' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits from 1 s, doubling, with up to a second of jitter, without a Retry-After', () => {
    expect(busyDelayMs(null, 0, () => 0)).toBe(1_000);
    expect(busyDelayMs(null, 2, () => 0.999)).toBe(4_999);
    expect(busyDelayMs('10', 0, () => 0)).toBe(10_000);
    // The per-client budgets' minute is not waited out in the page.
    expect(busyDelayMs('60', 0, () => 0)).toBeUndefined();
    // An HTTP date is not waited for: the doubling applies.
    expect(busyDelayMs('Wed, 21 Oct 2026 07:28:00 GMT', 1, () => 0)).toBe(2_000);
  });

  it('sends the same submission again with a fresh proof when the price rose after its challenge', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(409, {
          success: false,
          message: ERROR_MESSAGES.challengeRepriced,
          reason: CHALLENGE_REPRICED,
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, accepted));
    const reprove = vi.fn(async () => 'fresh-proof');
    const client = createApiClient({ fetch, newKey: () => 'key-repriced' });

    const result = await client.submit(
      'contact',
      { name: 'Ada', [CHALLENGE_FIELD]: 'cheap-proof' },
      'ada@example.com',
      { reprove },
    );

    expect(result).toEqual({ ok: true, data: accepted });
    expect(reprove).toHaveBeenCalledTimes(1);
    const bodies = fetch.mock.calls.map(([, init]) =>
      JSON.parse(String((init as RequestInit).body)),
    );
    expect(bodies).toEqual([
      { name: 'Ada', [CHALLENGE_FIELD]: 'cheap-proof' },
      { name: 'Ada', [CHALLENGE_FIELD]: 'fresh-proof' },
    ]);
  });

  it('re-proves once: a second repriced answer, or no fresh proof, sends without one', async () => {
    const repriced = () =>
      jsonResponse(409, {
        success: false,
        message: ERROR_MESSAGES.challengeRepriced,
        reason: CHALLENGE_REPRICED,
      });
    const fetch = vi.fn(async () => repriced());
    const client = createApiClient({ fetch });

    const result = await client.submit('contact', { [CHALLENGE_FIELD]: 'cheap' }, 'a@example.com', {
      reprove: async () => undefined,
    });

    expect(fetch).toHaveBeenCalledTimes(2);
    const [, second] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(second.body))).toEqual({});
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: ERROR_MESSAGES.challengeRepriced,
    });
  });

  it('returns field errors of a 400 answer', async () => {
    const details = { email: ['Please enter a valid work email address'] };
    const fetch = vi.fn(async () =>
      jsonResponse(400, { success: false, message: ERROR_MESSAGES.validation, details }),
    );
    const result = await createApiClient({ fetch }).submit('contact', {}, 'a@example.com');
    expect(result).toEqual({
      ok: false,
      kind: 'validation',
      status: 400,
      message: ERROR_MESSAGES.validation,
      fieldErrors: details,
    });
  });

  it('shows the message of any other refusal, as the API and the WAF answer it', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(403, { success: false, message: ERROR_MESSAGES.firewallRefused }),
    );
    const result = await createApiClient({ fetch }).submit('contact', {}, 'a@example.com');
    expect(result).toMatchObject({
      kind: 'other',
      status: 403,
      message: ERROR_MESSAGES.firewallRefused,
    });
  });

  it('falls back to "HTTP status: text" when the answer says nothing', async () => {
    const fetch = vi.fn(
      async () => new Response('<html>', { status: 404, statusText: 'Not Found' }),
    );
    const result = await createApiClient({ fetch }).submit('contact', {}, 'a@example.com');
    expect(result).toMatchObject({ kind: 'other', status: 404, message: 'HTTP 404: Not Found' });
  });

  it('allows 3 submissions per e-mail per 60 s, then answers without a request', async () => {
    let t = 0;
    const fetch = vi.fn(async () => jsonResponse(200, accepted));
    const client = createApiClient({ fetch, now: () => t });

    for (let i = 0; i < 3; i += 1) {
      expect((await client.submit('contact', {}, 'Ada@Example.com ')).ok).toBe(true);
    }
    const fourth = await client.submit('contact', {}, 'ada@example.com');
    const other = await client.submit('contact', {}, 'grace@example.com');
    t = 60_000;
    const afterWindow = await client.submit('contact', {}, 'ada@example.com');

    expect(fourth).toEqual({
      ok: false,
      kind: 'client-rate-limited',
      message: 'Too many submissions. Please wait a minute before trying again.',
    });
    expect(other.ok).toBe(true);
    expect(afterWindow.ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(5);
  });
});

describe('rate limiter key', () => {
  it('counts an address as the server does: case and +tag make no new budget', () => {
    const limiter = createRateLimiter(() => 0);
    expect(
      ['ada@example.com', 'Ada+1@Example.com', ' ada+news@example.com '].map((email) =>
        limiter.tryAcquire(email),
      ),
    ).toEqual([true, true, true]);
    expect(limiter.tryAcquire('ADA+2@example.com')).toBe(false);
    expect(limiter.tryAcquire('grace@example.com')).toBe(true);
  });
});

describe('rate limiter window', () => {
  it('restarts only after the window lapses', () => {
    let t = 0;
    const limiter = createRateLimiter(() => t);
    expect([1, 2, 3].map(() => limiter.tryAcquire('k'))).toEqual([true, true, true]);
    t = 59_999;
    expect(limiter.tryAcquire('k')).toBe(false);
    t = 60_000;
    expect(limiter.tryAcquire('k')).toBe(true);
  });
});

describe('formatError', () => {
  it('follows the catalogue rules', () => {
    expect(formatError(['a', 'b'])).toBe('a, b');
    expect(formatError('single')).toBe('single');
    expect(formatError('')).toBe(ERROR_MESSAGES.unexpected);
    expect(formatError([])).toBe(ERROR_MESSAGES.unexpected);
    expect(formatError(undefined)).toBe(ERROR_MESSAGES.unexpected);
  });
});

describe('fetching a browser check', () => {
  const challenge = { parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: 'abc' };

  it('asks the API origin for a challenge for the form, uncached, and answers its JSON', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, challenge));
    const client = createApiClient({ fetch, baseUrl: 'https://api.kryon.example' });

    const answer = await client.fetchChallenge('beta-access');

    expect(answer).toEqual(challenge);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(
      `https://api.kryon.example${API_PATHS.challenge}?${CHALLENGE_FORM_PARAM}=beta-access`,
    );
    expect(init.method).toBeUndefined();
    expect(init.cache).toBe('no-store');
  });

  it('rejects an HTTP error, such as the 404 of an API without the route, and retries nothing', async () => {
    const fetch = vi.fn(async () => jsonResponse(404, { success: false, message: 'Not found.' }));
    const client = createApiClient({ fetch });
    await expect(client.fetchChallenge('contact')).rejects.toThrow(/404/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects the 429 of a network that asked for too many, at once: the form goes without a proof', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(429, { success: false, message: 'Too many browser checks' }),
    );
    const client = createApiClient({ fetch });
    await expect(client.fetchChallenge('download')).rejects.toThrow(/429/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after the request budget, and when the caller aborts', async () => {
    vi.useFakeTimers();
    try {
      const client = createApiClient({ fetch: hangingFetch(), timeoutMs: 10_000 });
      const timedOut = expect(client.fetchChallenge('contact')).rejects.toBeDefined();
      await vi.advanceTimersByTimeAsync(10_000);
      await timedOut;

      const controller = new AbortController();
      const aborted = expect(client.fetchChallenge('contact', controller.signal)).rejects.toBe(
        'gone',
      );
      controller.abort('gone');
      await aborted;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reading answers with the shared schemas', () => {
  const submit = (status: number, body: unknown) =>
    createApiClient({ fetch: vi.fn(async () => jsonResponse(status, body, 'Status')) }).submit(
      'contact',
      {},
      'ada@example.com',
    );

  it('keeps only what the contract names of an accepted answer', async () => {
    expect(await submit(200, { ...accepted, debug: 'x', fields: { email: 'a' } })).toEqual({
      ok: true,
      data: accepted,
    });
  });

  it.each([
    ['without its id', { ...accepted, submissionId: undefined }],
    ['with a time that is not text', { ...accepted, timestamp: 1 }],
    ['that is a list', [accepted]],
  ])('reads an answer that says it succeeded %s as one that says nothing', async (_l, body) => {
    expect(await submit(200, body)).toEqual({
      ok: false,
      kind: 'other',
      status: 200,
      message: 'HTTP 200: Status',
    });
  });

  it('reads each part of a refusal on its own', async () => {
    // Field errors that are not lists of text are left out; the message stays.
    expect(await submit(400, { success: false, message: 'No', details: { email: 'x' } })).toEqual({
      ok: false,
      kind: 'other',
      status: 400,
      message: 'No',
    });
    // A message that is not text is the unexpected error; text in a list is kept.
    expect(await submit(400, { message: 42, details: { email: ['Bad'] } })).toEqual({
      ok: false,
      kind: 'validation',
      status: 400,
      message: ERROR_MESSAGES.unexpected,
      fieldErrors: { email: ['Bad'] },
    });
    expect(await submit(403, { message: ['Refused', 7, 'by the WAF'] })).toMatchObject({
      message: 'Refused, by the WAF',
    });
    // A reason this client does not know is no reason to send again.
    expect(await submit(409, { success: false, message: 'Conflict', reason: 'other' })).toEqual({
      ok: false,
      kind: 'other',
      status: 409,
      message: 'Conflict',
    });
  });
});
