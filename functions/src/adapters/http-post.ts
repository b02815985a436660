import type { HttpPost } from '../leads/deliver-event.ts';

/**
 * The most of a response's body read before the connection is let go. Nothing of it is used
 * (a status is the whole answer, and a body is the receiver's, never logged), but reading a
 * little lets keep-alive reuse the connection for the next delivery of the batch.
 */
export const MAX_RESPONSE_BYTES = 4096;

/**
 * HttpPost with Node's fetch: a redirect is answered as it is, never followed (`manual`: the
 * 3xx itself is the result), and the whole exchange is bound by `timeoutMs`, the body's read
 * included. The answer is its status and its Retry-After header, as received. Throws what
 * fetch throws: a TimeoutError, or a TypeError whose cause has the network's code
 * (ECONNREFUSED, ENOTFOUND...).
 */
export function createFetchPost(): HttpPost {
  return async ({ url, headers, body, timeoutMs }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await discardBody(response, MAX_RESPONSE_BYTES);
    // Retry-After alone of the headers: when the receiver asks the next attempt to wait.
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, ...(retryAfter === null ? {} : { retryAfter }) };
  };
}

/** Reads at most `max` bytes of the body, then cancels the rest; a failed read is ignored. */
async function discardBody(response: Response, max: number): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read < max) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The status has arrived: a body cut short changes nothing.
  } finally {
    reader.releaseLock();
  }
}
