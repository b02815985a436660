import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLeadStore } from '../../test/fake-lead-store.ts';
import { DependencyError } from './errors.ts';
import { keyedHash } from './hash.ts';
import type { Log } from './ports.ts';
import {
  type Budgets,
  challengeRateKey,
  clientNetwork,
  type RateLimitKeys,
  rateLimitKeys,
  releaseBudgets,
  takeBudgets,
} from './rate-limit.ts';

describe('clientNetwork', () => {
  it.each(['203.0.113.7', '10.0.0.1', '0.0.0.0'])('keeps the IPv4 address %j as it is', (ip) => {
    expect(clientNetwork(ip)).toBe(ip);
  });

  it('trims the whitespace around an address', () => {
    expect(clientNetwork('  203.0.113.7 ')).toBe('203.0.113.7');
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1', 'fe80:0:0:0::/64'],
    ['2001:db8:aaaa:bbbb::', '2001:db8:aaaa:bbbb::/64'],
    ['::2001:db8:1:2:3', '0:0:0:2001::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('reduces the IPv6 address %j to its /64 %j', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('gives every spelling of one /64 the same network', () => {
    const spellings = [
      '2001:db8::1',
      '2001:db8:0:0:1::1',
      '2001:DB8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '2001:0DB8:0:0:ffff:ffff:ffff:ffff',
      '2001:db8:0:0:abcd::',
      '2001:db8::1.2.3.4',
    ];
    expect(new Set(spellings.map(clientNetwork))).toEqual(new Set(['2001:db8:0:0::/64']));
  });

  it('tells apart addresses that differ in the first 64 bits', () => {
    expect(clientNetwork('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientNetwork('2001:db8:0:1::1')).not.toBe(clientNetwork('2001:db8::1'));
  });

  it.each(['::ffff:203.0.113.7', '::FFFF:203.0.113.7', ' ::ffff:203.0.113.7 '])(
    'treats the IPv4-mapped address %j as the IPv4 address',
    (ip) => {
      expect(clientNetwork(ip)).toBe('203.0.113.7');
    },
  );

  it.each([
    '',
    'unknown',
    'not-an-ip',
    '999.1.1.1',
    '203.0.113',
    '2001:db8::1::2',
    '2001:db8:1:2:3:4:5:6:7',
    'gggg::1',
  ])('passes the non-address %j through unchanged', (value) => {
    expect(clientNetwork(value)).toBe(value);
  });

  it('lower-cases and trims a non-address, but leaves it otherwise as given', () => {
    expect(clientNetwork(' NOT-AN-IP ')).toBe('not-an-ip');
  });
});

describe('rateLimitKeys', () => {
  const emailHash = 'a'.repeat(64);

  it('keys the e-mail budget by the e-mail hash, the standing and the client network', () => {
    const network = keyedHash('secret', '203.0.113.7');
    expect(rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'verified').email).toBe(
      `email#${emailHash}#verified#${network}`,
    );
    expect(rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'unverified').email).toBe(
      `email#${emailHash}#unverified#${network}`,
    );
  });

  it('gives the same address from two networks two e-mail budgets', () => {
    const a = rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'verified');
    const b = rateLimitKeys(emailHash, '198.51.100.9', 'secret', 'verified');
    expect(a.email).not.toBe(b.email);
  });

  it('gives verified and unverified posts from one network two e-mail budgets', () => {
    const verified = rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'verified');
    const unverified = rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'unverified');
    expect(verified.email).not.toBe(unverified.email);
    // The client budget is one, whatever a post proved.
    expect(verified.ip).toBe(unverified.ip);
  });

  it('gives spam no e-mail budget at all, but counts it against the client', () => {
    const keys = rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'spam');
    expect(keys.email).toBeUndefined();
    expect(keys.ip).toBe(`ip#${keyedHash('secret', '203.0.113.7')}`);
  });

  it('keys the IP budget by the keyed hash of the client network', () => {
    expect(rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'verified').ip).toBe(
      `ip#${keyedHash('secret', '203.0.113.7')}`,
    );
    expect(rateLimitKeys(emailHash, '2001:db8::1', 'secret', 'verified').ip).toBe(
      `ip#${keyedHash('secret', '2001:db8:0:0::/64')}`,
    );
  });

  it('gives two addresses in one /64 one key', () => {
    const a = rateLimitKeys(emailHash, '2001:db8::1', 'secret', 'verified');
    const b = rateLimitKeys(emailHash, '2001:db8:0:0:ffff:1:2:3', 'secret', 'verified');
    expect(a.ip).toBeDefined();
    expect(a.ip).toBe(b.ip);
  });

  it('gives addresses in different /64s different keys', () => {
    const a = rateLimitKeys(emailHash, '2001:db8:0:0::1', 'secret', 'verified');
    const b = rateLimitKeys(emailHash, '2001:db8:0:1::1', 'secret', 'verified');
    expect(a.ip).not.toBe(b.ip);
  });

  it('gives two IPv4 addresses different keys', () => {
    const a = rateLimitKeys(emailHash, '203.0.113.7', 'secret', 'verified');
    const b = rateLimitKeys(emailHash, '203.0.113.8', 'secret', 'verified');
    expect(a.ip).not.toBe(b.ip);
  });

  it('gives one address another key under another secret', () => {
    expect(rateLimitKeys(emailHash, '203.0.113.7', 'secret-a', 'verified').ip).not.toBe(
      rateLimitKeys(emailHash, '203.0.113.7', 'secret-b', 'verified').ip,
    );
  });

  it.each([undefined, ''])('has no IP key when the source IP is %j', (sourceIp) => {
    expect(rateLimitKeys(emailHash, sourceIp, 'secret', 'verified')).toEqual({
      email: `email#${emailHash}#verified#none`,
      ip: undefined,
    });
  });

  it.each([
    ['203.0.113.7', ['203.0.113.7']],
    ['2001:db8::1', ['2001:db8::1', '2001:db8', '2001:db8:0:0::/64']],
    ['::ffff:203.0.113.7', ['203.0.113.7']],
  ])('never writes the address %j into a key', (sourceIp, forbidden) => {
    const keys = JSON.stringify(rateLimitKeys(emailHash, sourceIp, 'secret', 'verified'));
    for (const text of forbidden) expect(keys).not.toContain(text);
  });
});

describe('challengeRateKey', () => {
  it('keys the challenge counter by the keyed hash of the client network', () => {
    expect(challengeRateKey('203.0.113.7', 'secret')).toBe(
      `challenge#${keyedHash('secret', '203.0.113.7')}`,
    );
    expect(challengeRateKey('2001:db8::1', 'secret')).toBe(
      `challenge#${keyedHash('secret', '2001:db8:0:0::/64')}`,
    );
  });

  it('counts a client by the same network as its IP budget', () => {
    const ip = rateLimitKeys('e', '2001:db8:1:2::5', 'secret', 'verified').ip;
    expect(challengeRateKey('2001:db8:1:2::ffff', 'secret')).toBe(
      ip?.replace(/^ip#/, 'challenge#'),
    );
  });

  it.each([
    ['203.0.113.7', ['203.0.113.7']],
    ['2001:db8::1', ['2001:db8::1', '2001:db8', '2001:db8:0:0::/64']],
    ['::ffff:203.0.113.7', ['203.0.113.7']],
  ])('never writes the address %j into the key', (sourceIp, forbidden) => {
    const key = challengeRateKey(sourceIp, 'secret');
    expect(key).toMatch(/^challenge#[0-9a-f]{64}$/);
    for (const text of forbidden) expect(key).not.toContain(text);
  });
});

describe('takeBudgets and releaseBudgets', () => {
  const NOW = Date.parse('2025-03-04T10:00:00.000Z');
  const budgets: Budgets = {
    email: { max: 3, windowMs: 60_000 },
    ip: { max: 2, windowMs: 60_000 },
  };
  const keys: Required<RateLimitKeys> = { email: 'email#e', ip: 'ip#i' };
  let store: FakeLeadStore;
  let log: Log;

  beforeEach(() => {
    store = new FakeLeadStore();
    log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  });

  it('hands out a ticket for each budget when both have room', async () => {
    const tickets = await takeBudgets(store, keys, budgets, NOW, log);

    expect(tickets).toEqual([
      { key: 'email#e', windowStart: NOW },
      { key: 'ip#i', windowStart: NOW },
    ]);
    expect(store.windows.get('email#e')).toEqual({ start: NOW, hits: 1 });
    expect(store.windows.get('ip#i')).toEqual({ start: NOW, hits: 1 });
  });

  it('names the running window in the tickets of later hits', async () => {
    store.windows.set('email#e', { start: NOW - 10_000, hits: 1 });
    store.windows.set('ip#i', { start: NOW - 5_000, hits: 1 });

    const tickets = await takeBudgets(store, keys, budgets, NOW, log);

    expect(tickets).toEqual([
      { key: 'email#e', windowStart: NOW - 10_000 },
      { key: 'ip#i', windowStart: NOW - 5_000 },
    ]);
    expect(store.windows.get('email#e')?.hits).toBe(2);
    expect(store.windows.get('ip#i')?.hits).toBe(2);
  });

  it('takes only the e-mail budget when there is no IP key', async () => {
    const tickets = await takeBudgets(store, { email: 'email#e' }, budgets, NOW, log);

    expect(tickets).toEqual([{ key: 'email#e', windowStart: NOW }]);
    expect(store.rateLimitCalls).toBe(1);
    expect([...store.windows.keys()]).toEqual(['email#e']);
  });

  it('takes only the client budget for spam, which has no e-mail key', async () => {
    const tickets = await takeBudgets(store, { ip: 'ip#i' }, budgets, NOW, log);

    expect(tickets).toEqual([{ key: 'ip#i', windowStart: NOW }]);
    expect([...store.windows.keys()]).toEqual(['ip#i']);
  });

  it('refuses spam once the client budget is spent', async () => {
    store.windows.set('ip#i', { start: NOW - 1_000, hits: 2 });

    expect(await takeBudgets(store, { ip: 'ip#i' }, budgets, NOW, log)).toBeUndefined();
  });

  it('refuses when the e-mail budget is spent, without touching the IP budget', async () => {
    store.windows.set('email#e', { start: NOW - 1_000, hits: 3 });
    store.windows.set('ip#i', { start: NOW - 1_000, hits: 1 });

    const tickets = await takeBudgets(store, keys, budgets, NOW, log);

    expect(tickets).toBeUndefined();
    expect(store.rateLimitCalls).toBe(1);
    expect(store.windows.get('email#e')).toEqual({ start: NOW - 1_000, hits: 3 });
    expect(store.windows.get('ip#i')).toEqual({ start: NOW - 1_000, hits: 1 });
  });

  it('opens no IP window when the e-mail budget is spent', async () => {
    store.windows.set('email#e', { start: NOW - 1_000, hits: 3 });

    await takeBudgets(store, keys, budgets, NOW, log);

    expect(store.windows.has('ip#i')).toBe(false);
  });

  it('refuses when the IP budget is spent and gives the e-mail hit back', async () => {
    store.windows.set('email#e', { start: NOW - 1_000, hits: 1 });
    store.windows.set('ip#i', { start: NOW - 1_000, hits: 2 });
    const release = vi.spyOn(store, 'releaseRateLimit');

    const tickets = await takeBudgets(store, keys, budgets, NOW, log);

    expect(tickets).toBeUndefined();
    expect(store.rateLimitCalls).toBe(2);
    expect(release).toHaveBeenCalledExactlyOnceWith({ key: 'email#e', windowStart: NOW - 1_000 });
    expect(store.windows.get('email#e')).toEqual({ start: NOW - 1_000, hits: 1 });
    expect(store.windows.get('ip#i')).toEqual({ start: NOW - 1_000, hits: 2 });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('leaves a visitor refused by the IP budget the whole e-mail allowance', async () => {
    store.windows.set('ip#i', { start: NOW - 1_000, hits: 2 });
    for (let i = 0; i < 5; i++) {
      expect(await takeBudgets(store, keys, budgets, NOW, log)).toBeUndefined();
    }

    // Other clients, same e-mail: the refused attempts spent none of its budget.
    for (let i = 0; i < budgets.email.max; i++) {
      const other = { email: 'email#e', ip: `ip#other-${i}` };
      expect(await takeBudgets(store, other, budgets, NOW, log)).toHaveLength(2);
    }
    const last = { email: 'email#e', ip: 'ip#last' };
    expect(await takeBudgets(store, last, budgets, NOW, log)).toBeUndefined();
  });

  it('still refuses, and logs, when the e-mail hit cannot be given back', async () => {
    store.windows.set('ip#i', { start: NOW - 1_000, hits: 2 });
    vi.spyOn(store, 'releaseRateLimit').mockRejectedValue(
      new DependencyError('database', { cause: new Error('down') }),
    );

    const tickets = await takeBudgets(store, keys, budgets, NOW, log);

    expect(tickets).toBeUndefined();
    expect(log.warn).toHaveBeenCalledExactlyOnceWith('could not give a rate-limit hit back', {
      error: 'DependencyError',
    });
  });

  it('gives every ticket back', async () => {
    const tickets = await takeBudgets(store, keys, budgets, NOW, log);
    expect(store.windows.get('email#e')?.hits).toBe(1);

    await releaseBudgets(store, tickets ?? [], log);

    expect(store.windows.get('email#e')?.hits).toBe(0);
    expect(store.windows.get('ip#i')?.hits).toBe(0);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('does nothing for no tickets', async () => {
    const release = vi.spyOn(store, 'releaseRateLimit');

    await releaseBudgets(store, [], log);

    expect(release).not.toHaveBeenCalled();
  });

  it('logs a warning and does not throw when the store cannot give a hit back', async () => {
    vi.spyOn(store, 'releaseRateLimit').mockRejectedValue(
      new DependencyError('database', { cause: new Error('down') }),
    );

    await expect(
      releaseBudgets(store, [{ key: 'email#e', windowStart: NOW }], log),
    ).resolves.toBeUndefined();

    expect(log.warn).toHaveBeenCalledExactlyOnceWith('could not give a rate-limit hit back', {
      error: 'DependencyError',
    });
  });

  it('names a thrown non-error "unknown" in the warning', async () => {
    vi.spyOn(store, 'releaseRateLimit').mockRejectedValue('boom');

    await releaseBudgets(store, [{ key: 'email#e', windowStart: NOW }], log);

    expect(log.warn).toHaveBeenCalledExactlyOnceWith('could not give a rate-limit hit back', {
      error: 'unknown',
    });
  });

  it('gives the other tickets back when one fails', async () => {
    store.windows.set('email#e', { start: NOW, hits: 1 });
    store.windows.set('ip#i', { start: NOW, hits: 1 });
    const release = store.releaseRateLimit.bind(store);
    vi.spyOn(store, 'releaseRateLimit').mockImplementation(async (ticket) => {
      if (ticket.key === 'email#e') throw new Error('down');
      await release(ticket);
    });

    await releaseBudgets(
      store,
      [
        { key: 'email#e', windowStart: NOW },
        { key: 'ip#i', windowStart: NOW },
      ],
      log,
    );

    expect(store.windows.get('email#e')?.hits).toBe(1);
    expect(store.windows.get('ip#i')?.hits).toBe(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('does not put the raw key or address into the warning', async () => {
    vi.spyOn(store, 'releaseRateLimit').mockRejectedValue(new Error('failed for email#e'));

    await releaseBudgets(store, [{ key: 'email#e', windowStart: NOW }], log);

    expect(JSON.stringify(vi.mocked(log.warn).mock.calls)).not.toContain('email#e');
  });
});
