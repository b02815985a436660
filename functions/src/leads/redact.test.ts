import { describe, expect, it } from 'vitest';
import { describeError, redact } from './redact.ts';

describe('redact', () => {
  it('replaces an e-mail address with [address]', () => {
    expect(redact('Email address is not verified: ada@example.com')).toBe(
      'Email address is not verified: [address]',
    );
  });

  it('replaces every address in the text', () => {
    expect(redact('a@x.io, b.c+tag@mail.example.co.uk; d_e@y.org and f@z.net')).toBe(
      '[address], [address]; [address] and [address]',
    );
  });

  it.each([
    ['angle brackets', 'Ada Lovelace <ada@example.com>', 'Ada Lovelace <[address]>'],
    ['double quotes', 'rejected "ada@example.com"', 'rejected "[address]"'],
    ['single quotes', "rejected 'ada@example.com'", "rejected '[address]'"],
    ['parentheses', 'rejected (ada@example.com)', 'rejected ([address])'],
    ['a colon', 'recipient:ada@example.com', 'recipient:[address]'],
    ['line breaks', 'first\nada@example.com\r\nlast', 'first\n[address]\r\nlast'],
  ])('finds an address between %s', (_label, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  // The schemas (z.email()) accept an apostrophe in the local part.
  it('replaces a whole address with an apostrophe in its local part', () => {
    expect(redact("Email address is not verified: ada'lovelace@example.com")).toBe(
      'Email address is not verified: [address]',
    );
  });

  it('leaves text without an address as it is', () => {
    const text = 'Throttling: Maximum sending rate exceeded. (at 12:00; retry)';
    expect(redact(text)).toBe(text);
  });

  it('leaves a lone @ alone', () => {
    expect(redact('reach us @ the office, or @kryon')).toBe('reach us @ the office, or @kryon');
  });

  it('caps the text at 300 characters by default', () => {
    expect(redact('x'.repeat(1_000))).toBe('x'.repeat(300));
  });

  it('caps the text at the length it is given', () => {
    expect(redact('abcdefghij', 4)).toBe('abcd');
    expect(redact('abc', 4)).toBe('abc');
  });

  it('redacts before it caps, so a cut address leaves no part of itself', () => {
    const text = `${'x'.repeat(290)} ada.lovelace@example.com`;

    const result = redact(text);

    expect(result).toHaveLength(300);
    expect(result).not.toContain('ada');
    expect(result).not.toContain('@');
  });

  it('counts the cap after the addresses are replaced', () => {
    const text = `${'longname.lovelace@example.com '.repeat(20)}`;
    expect(redact(text, 20)).toBe('[address] [address] ');
  });
});

describe('describeError', () => {
  it('gives the name and message of an error', () => {
    expect(describeError(new TypeError('bad value'))).toBe('TypeError: bad value');
  });

  it('uses a custom error name', () => {
    class MessageRejected extends Error {
      override name = 'MessageRejected';
    }
    expect(describeError(new MessageRejected('no'))).toBe('MessageRejected: no');
  });

  it('redacts the addresses in the message', () => {
    expect(describeError(new Error('Email address is not verified: ada@example.com'))).toBe(
      'Error: Email address is not verified: [address]',
    );
  });

  it('adds the cause, redacted too', () => {
    const error = new Error('email unavailable', {
      cause: new RangeError('refused for <ada@example.com>'),
    });
    expect(describeError(error)).toBe(
      'Error: email unavailable (cause: RangeError: refused for <[address]>)',
    );
  });

  it('leaves out a cause that is not an error', () => {
    const error = new Error('email unavailable', { cause: 'ada@example.com' });
    expect(describeError(error)).toBe('Error: email unavailable');
  });

  it('caps the description at 500 characters', () => {
    const description = describeError(new Error('x'.repeat(1_000)));
    expect(description).toBe(`Error: ${'x'.repeat(493)}`);
    expect(description).toHaveLength(500);
  });

  it.each([
    ['a string', 'ada@example.com failed'],
    ['an object with a message', { name: 'Error', message: 'ada@example.com' }],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
  ])('describes %s thrown instead of an error as "unknown error"', (_label, value) => {
    expect(describeError(value)).toBe('unknown error');
  });
});
