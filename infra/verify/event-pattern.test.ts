import { describe, expect, it } from 'vitest';
import { matchesEventPattern } from './event-pattern.ts';

/*
 * The matching rules of "Creating event patterns":
 * https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html
 */
const event = {
  source: 'aws.ses',
  'detail-type': 'Email Bounced',
  detail: { mail: { tags: { 'ses:configuration-set': ['visitor-set'], other: ['x', 'y'] } } },
};

describe('matchesEventPattern', () => {
  it('matches when every field matches one of its values', () => {
    expect(
      matchesEventPattern(
        { source: ['aws.ses'], 'detail-type': ['Email Delivered', 'Email Bounced'] },
        event,
      ),
    ).toBe(true);
  });

  it('refuses an event whose value is in no list', () => {
    expect(matchesEventPattern({ 'detail-type': ['Email Bounce'] }, event)).toBe(false);
  });

  it('matches nested objects, and an array field when any element matches', () => {
    expect(matchesEventPattern({ detail: { mail: { tags: { other: ['y'] } } } }, event)).toBe(true);
    expect(
      matchesEventPattern(
        { detail: { mail: { tags: { 'ses:configuration-set': ['sales-set'] } } } },
        event,
      ),
    ).toBe(false);
  });

  it('refuses an event without the field', () => {
    expect(matchesEventPattern({ detail: { bounce: { bounceType: ['Permanent'] } } }, event)).toBe(
      false,
    );
    expect(matchesEventPattern({ region: ['us-east-1'] }, event)).toBe(false);
  });

  it('refuses to guess a content filter', () => {
    expect(() => matchesEventPattern({ source: [{ prefix: 'aws.' }] }, event)).toThrow(
      /not supported/,
    );
    expect(() => matchesEventPattern({ source: 'aws.ses' }, event)).toThrow(/array or an object/);
  });
});
