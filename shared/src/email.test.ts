import { describe, expect, it } from 'vitest';
import { isMailboxSimulator, mailboxOf, normaliseEmail } from './email.ts';

describe('normaliseEmail', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  ada@example.com  ', 'ada@example.com'],
    ['ada+news@example.com', 'ada@example.com'],
    ['Ada+1+2@X.io', 'ada@x.io'],
    ['ada@example.com', 'ada@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it('keeps a plus sign that belongs to the domain part, not the local part', () => {
    // Only the local part's +tag is dropped; what follows the last @ is kept whole.
    expect(normaliseEmail('"a@b"+x@y.io')).toBe('"a@b"@y.io');
  });

  it.each([
    ['john.smith@gmail.com', 'johnsmith@gmail.com'],
    ['johnsmith@gmail.com', 'johnsmith@gmail.com'],
    ['John.Smith+x@googlemail.com', 'johnsmith@gmail.com'],
    ['j.o.h.n.s.m.i.t.h@GMAIL.com', 'johnsmith@gmail.com'],
    ['  .john..smith.+a.b@googlemail.com ', 'johnsmith@gmail.com'],
  ])('gives one key to every spelling of one Gmail mailbox: %j -> %j', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it('keeps the dots at every other domain, where they may tell two people apart', () => {
    expect(normaliseEmail('john.smith@example.com')).toBe('john.smith@example.com');
    expect(normaliseEmail('John.Smith+x@Example.com')).toBe('john.smith@example.com');
    expect(normaliseEmail('john.smith@mail.gmail.com')).toBe('john.smith@mail.gmail.com');
    expect(normaliseEmail('john.smith@gmail.co.uk')).toBe('john.smith@gmail.co.uk');
  });

  it("keeps every spelling of SES's mailbox simulator a mailbox of its own", () => {
    expect(mailboxOf('Bounce+Run-1@Simulator.AmazonSES.com')).toEqual({
      key: 'bounce+run-1@simulator.amazonses.com',
      tagged: false,
    });
    expect(isMailboxSimulator(' success@simulator.amazonses.com ')).toBe(true);
    expect(isMailboxSimulator('success@simulator.amazonses.com.example')).toBe(false);
    expect(isMailboxSimulator('success@x.simulator.amazonses.com')).toBe(false);
  });

  it('is a key only: the same key again when applied to a key', () => {
    for (const email of ['John.Smith+x@googlemail.com', 'Ada+1@X.io', 'no-at-sign']) {
      expect(normaliseEmail(normaliseEmail(email))).toBe(normaliseEmail(email));
    }
  });

  it.each([
    ['Ada-News@Yahoo.com', 'ada@yahoo.com'],
    ['ada-news+x@yahoo.com', 'ada@yahoo.com'],
    ['a.da@yahoo.com', 'a.da@yahoo.com'],
  ])(
    "drops Yahoo's -keyword of a disposable address, and nothing else there: %j -> %j",
    (input, expected) => {
      expect(normaliseEmail(input)).toBe(expected);
    },
  );

  it('keeps a hyphen at every other domain, where it is part of a name', () => {
    expect(normaliseEmail('mary-jane@example.com')).toBe('mary-jane@example.com');
    expect(normaliseEmail('mary-jane@gmail.com')).toBe('mary-jane@gmail.com');
  });
});

describe('mailboxOf', () => {
  it.each([
    ['ada@x.io', false],
    ['Ada@X.io', false],
    ['j.smith@gmail.com', false],
    ['J.Smith@googlemail.com', false],
    ['ada+x@x.io', true],
    ['j.smith+x@gmail.com', true],
    ['ada-x@yahoo.com', true],
    ['ada-x@x.io', false],
  ])('%j is tagged: %j', (input, tagged) => {
    // Case and Gmail's dots are the provider's own rule for one mailbox; a tag can be refused
    // or deleted while its mailbox works.
    expect(mailboxOf(input).tagged).toBe(tagged);
  });

  it('gives the key normaliseEmail gives', () => {
    for (const email of ['John.Smith+x@googlemail.com', 'ada-x@yahoo.com', 'Ada+1@X.io']) {
      expect(mailboxOf(email).key).toBe(normaliseEmail(email));
    }
  });
});
