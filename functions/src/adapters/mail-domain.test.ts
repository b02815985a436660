import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import * as dnsPacket from 'dns-packet';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { demoForm } from '../leads/forms/demo.ts';
import { submitLead } from '../leads/submit-lead.ts';
import { createDnsMailDomainCheck } from './mail-domain.ts';

/*
 * A real DNS server on 127.0.0.1 (an ephemeral UDP port, loopback only), answering each test
 * domain as a real zone would, and one that never answers. The adapter queries them with
 * node:dns, exactly as it queries the system's resolver when deployed.
 */

/** Response codes, which dns-packet writes from the low four bits of the flags. */
const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

type Zone = {
  rcode?: 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
  MX?: { preference: number; exchange: string }[];
  A?: string[];
  AAAA?: string[];
};

const ZONES: Record<string, Zone> = {
  'mail.test': { MX: [{ preference: 10, exchange: 'mx.mail.test' }] },
  'missing.test': { rcode: 'NXDOMAIN' },
  'null-mx.test': { MX: [{ preference: 0, exchange: '.' }], A: ['192.0.2.1'] },
  'a-only.test': { A: ['192.0.2.2'] },
  'aaaa-only.test': { AAAA: ['2001:db8::2'] },
  'nothing.test': {},
  'broken.test': { rcode: 'SERVFAIL' },
  'refused.test': { rcode: 'REFUSED' },
  'endpoint.test': { A: ['192.0.2.9'] },
};

let server: Socket;
let silent: Socket;
let serverAddress: string;
let silentAddress: string;
/** Questions the server received, as `<type> <name>`. */
let questions: string[];

function answer(message: Buffer, from: { port: number; address: string }) {
  const query = dnsPacket.decode(message);
  const question = query.questions?.[0];
  if (!question) return;
  questions.push(`${question.type} ${question.name}`);
  const zone = ZONES[question.name.toLowerCase()];
  const rcode = zone ? (zone.rcode ?? 'NOERROR') : 'NXDOMAIN';
  const answers: dnsPacket.Answer[] = [];
  if (zone && rcode === 'NOERROR') {
    if (question.type === 'MX') {
      for (const data of zone.MX ?? []) {
        answers.push({ type: 'MX', name: question.name, ttl: 60, data });
      }
    }
    if (question.type === 'A') {
      for (const data of zone.A ?? [])
        answers.push({ type: 'A', name: question.name, ttl: 60, data });
    }
    if (question.type === 'AAAA') {
      for (const data of zone.AAAA ?? []) {
        answers.push({ type: 'AAAA', name: question.name, ttl: 60, data });
      }
    }
  }
  const reply = dnsPacket.encode({
    type: 'response',
    id: query.id,
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | RCODES[rcode],
    questions: [question],
    answers,
  });
  server.send(reply, from.port, from.address);
}

async function bind(socket: Socket): Promise<string> {
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(socket.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createSocket('udp4');
  server.on('message', answer);
  serverAddress = await bind(server);
  silent = createSocket('udp4');
  silent.on('message', () => undefined);
  silentAddress = await bind(silent);
});

afterAll(() => {
  server.close();
  silent.close();
});

beforeEach(() => {
  questions = [];
});

const check = (options: Parameters<typeof createDnsMailDomainCheck>[0] = {}) =>
  createDnsMailDomainCheck({ servers: [serverAddress], ...options });

describe('createDnsMailDomainCheck', () => {
  it.each([
    ['mail.test', 'yes', 'it has an MX record'],
    ['a-only.test', 'yes', 'without MX, its A record is the implicit MX'],
    ['aaaa-only.test', 'yes', 'without MX, its AAAA record is the implicit MX'],
    ['missing.test', 'no', 'it does not exist (NXDOMAIN)'],
    ['null-mx.test', 'no', 'its only MX is the null MX, whatever address it has'],
    ['nothing.test', 'no', 'it has neither MX nor address records'],
    ['broken.test', 'unknown', 'its server fails (SERVFAIL)'],
    ['refused.test', 'unknown', 'the resolver refuses'],
  ])('%s: %s, as %s', async (domain, expected) => {
    expect(await check().acceptsMail(domain)).toBe(expected);
  });

  it('reads the domain as typed: any case, a final dot, an internationalised name', async () => {
    const dns = check();
    expect(await dns.acceptsMail('MAIL.Test.')).toBe('yes');
    expect(await dns.acceptsMail('bücher.test')).toBe('no');
    expect(questions).toContain('MX xn--bcher-kva.test');
  });

  it('answers unknown within its bound when the server never answers', async () => {
    const dns = createDnsMailDomainCheck({ servers: [silentAddress], timeoutMs: 300 });
    const started = performance.now();
    expect(await dns.acceptsMail('mail.test')).toBe('unknown');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('asks DNS once per domain while the answer is kept, and forgets it after its time', async () => {
    let clock = 0;
    const dns = check({ now: () => clock, positiveTtlMs: 1_000, negativeTtlMs: 100 });
    expect(await dns.acceptsMail('mail.test')).toBe('yes');
    expect(await dns.acceptsMail('missing.test')).toBe('no');
    const asked = questions.length;

    clock = 99;
    expect(await dns.acceptsMail('mail.test')).toBe('yes');
    expect(await dns.acceptsMail('missing.test')).toBe('no');
    expect(questions).toHaveLength(asked);

    clock = 100;
    expect(await dns.acceptsMail('missing.test')).toBe('no');
    expect(questions).toHaveLength(asked + 1);
    expect(await dns.acceptsMail('mail.test')).toBe('yes');
    expect(questions).toHaveLength(asked + 1);
  });

  it('does not keep an unknown answer: the next post asks again', async () => {
    const dns = check();
    expect(await dns.acceptsMail('broken.test')).toBe('unknown');
    expect(await dns.acceptsMail('broken.test')).toBe('unknown');
    expect(questions.filter((q) => q === 'MX broken.test')).toHaveLength(2);
  });

  it('believes a no only when the resolver also finds the name that certainly exists', async () => {
    // A resolver that denies every name (this test's server denies any name not in ZONES).
    const denying = check({ knownHost: 'endpoint-missing.test' });
    expect(await denying.acceptsMail('missing.test')).toBe('unknown');
    expect(await denying.acceptsMail('null-mx.test')).toBe('unknown');
    // A resolver that finds it: its no is the domain's.
    const sound = check({ knownHost: 'endpoint.test' });
    expect(await sound.acceptsMail('missing.test')).toBe('no');
    expect(questions).toContain('A endpoint.test');
    // A yes needs no second opinion.
    questions = [];
    expect(await sound.acceptsMail('mail.test')).toBe('yes');
    expect(questions).toEqual(['MX mail.test']);
  });

  it('shares one lookup between concurrent checks of a domain', async () => {
    const dns = check();
    const answers = await Promise.all([dns.acceptsMail('mail.test'), dns.acceptsMail('mail.test')]);
    expect(answers).toEqual(['yes', 'yes']);
    expect(questions).toEqual(['MX mail.test']);
  });

  it('remembers the most recently asked domains only', async () => {
    const dns = check({ cacheSize: 2 });
    await dns.acceptsMail('mail.test');
    await dns.acceptsMail('a-only.test');
    await dns.acceptsMail('mail.test');
    await dns.acceptsMail('aaaa-only.test');
    questions = [];

    await dns.acceptsMail('mail.test');
    await dns.acceptsMail('aaaa-only.test');
    expect(questions).toEqual([]);
    await dns.acceptsMail('a-only.test');
    expect(questions).toContain('MX a-only.test');
  });
});

describe('a demo request through submitLead, with this check and that DNS server', () => {
  async function demo(workEmail: string) {
    const store = new FakeLeadStore();
    const mailer = new FakeMailer();
    const metrics = new FakeMetrics();
    const result = await submitLead(
      {
        definition: demoForm,
        body: { ...sampleBody('demo'), workEmail, [CHALLENGE_FIELD]: fakeSolution() },
        idempotencyKey: 'key-1',
      },
      {
        store,
        mailer,
        metrics,
        challenges: new FakeChallenges(),
        log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
        now: () => new Date('2026-11-26T10:00:00.000Z'),
        newId: () => 'id-1',
        config: testLeadConfig(),
        mailDomains: check(),
      },
    );
    const audiences = mailer.sent.map((email) => email.tags.audience);
    return { result, lead: store.rows.get('demo#key-1'), audiences, metrics };
  }

  it('stores the lead and mails sales, and withholds the confirmation to a null-MX domain', async () => {
    const { result, lead, audiences, metrics } = await demo('ada@null-mx.test');

    expect(result).toMatchObject({ kind: 'accepted', confirmation: 'not-sent' });
    expect(lead?.emails.sales?.status).toBe('sent');
    expect(lead?.emails.visitor).toMatchObject({ status: 'withheld', reason: 'no-mail-domain' });
    expect(audiences).toEqual(['sales']);
    expect(metrics.counts['VisitorEmailNoMailDomain:demo']).toBe(1);
  });

  it('sends the confirmation to a domain with mail, and when DNS fails', async () => {
    for (const email of ['ada@mail.test', 'ada@broken.test']) {
      const { lead, audiences } = await demo(email);
      expect(lead?.emails.visitor?.status, email).toBe('sent');
      expect(audiences.sort(), email).toEqual(['sales', 'visitor']);
    }
  });
});
