import { describe, expect, it } from 'vitest';
import { MAX_SEND_ATTEMPTS, retryDelayMs } from './deliver.ts';

const HOUR = 3_600_000;

/** From a message's first attempt to its last: the waits between all the attempts it gets. */
function timeBeforeGivingUpMs(maxAttempts: number): number {
  let total = 0;
  for (let attempts = 1; attempts < maxAttempts; attempts++) total += retryDelayMs(attempts);
  return total;
}

describe('the send backoff', () => {
  it('keeps trying a message for at least a day before it is abandoned', () => {
    // An outage of SES or a sender identity still verifying can last most of a day; a lead
    // given up on sooner waits for a person although a later attempt would have gone out.
    expect(timeBeforeGivingUpMs(MAX_SEND_ATTEMPTS)).toBeGreaterThanOrEqual(24 * HOUR);
  });
});

describe('the schedule the README and decision 033 describe', () => {
  it('gives up after 14 attempts, about 26.5 hours after the first', () => {
    expect(MAX_SEND_ATTEMPTS).toBe(14);
    expect(timeBeforeGivingUpMs(MAX_SEND_ATTEMPTS) / HOUR).toBeCloseTo(26.5, 1);
  });
});
