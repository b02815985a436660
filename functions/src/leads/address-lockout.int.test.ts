import { CHALLENGE_FIELD, HONEYPOT_FIELD, RATE_LIMIT } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../../test/browser-check.ts';
import { apiEvent, bodyOf, type Handler, nextClientIp, sampleBody } from '../../test/events.ts';
import {
  type IntegrationEnv,
  storedLeadItem,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';

/*
 * Anyone can type a stranger's address into a form. Through the real demo handler, dynalite
 * and the SES emulator: posts that name a victim's address, from other networks or caught by
 * the spam checks or without a browser check, never make the victim's own verified request
 * answer 429; the victim's own network still meets the limit.
 */
let env: IntegrationEnv;
let handler: Handler;

beforeAll(async () => {
  env = await useEmulators('address-lockout');
  handler = ((await import('../handlers/demo.ts')) as { handler: Handler }).handler;
});

interface Post {
  email: string;
  client: string;
  altcha?: string;
  honeypot?: boolean;
}

async function post({ email, client, altcha, honeypot }: Post) {
  const key = uniqueKey();
  const response = await handler(
    apiEvent({
      path: '/api/email/demo',
      body: {
        ...sampleBody('demo'),
        workEmail: email,
        ...(altcha ? { [CHALLENGE_FIELD]: altcha } : {}),
        ...(honeypot ? { [HONEYPOT_FIELD]: 'https://spam.example' } : {}),
      },
      headers: { 'idempotency-key': key },
      sourceIp: client,
    }),
  );
  return { response, key };
}

/** More posts than the limit allows, all naming `email`, from `client`. */
async function flood(email: string, client: string, extra: Omit<Post, 'email' | 'client'>) {
  const statuses = [];
  for (let i = 0; i < RATE_LIMIT.max + 2; i++) {
    statuses.push((await post({ email, client, ...extra })).response.statusCode);
  }
  return statuses;
}

describe("a stranger cannot lock out a victim's address", () => {
  it('honeypot posts naming the address, even from the victim network, leave it open', async () => {
    const victim = uniqueEmail('honeypot-victim');
    const home = nextClientIp();
    // Spam spends no address budget: every one of these is answered as a real post would be.
    expect(await flood(victim, home, { honeypot: true })).toEqual(Array(5).fill(200));
    expect(await flood(victim, nextClientIp(), { honeypot: true })).toEqual(Array(5).fill(200));

    const { response, key } = await post({
      email: victim,
      client: home,
      altcha: await solvedChallenge('demo'),
    });

    expect(response.statusCode).toBe(200);
    expect(await storedLeadItem(env, 'demo', key)).toMatchObject({
      spam: false,
      browserCheck: 'verified',
    });
  });

  it('unverified posts naming the address, from anywhere, leave its verified posts open', async () => {
    const victim = uniqueEmail('unverified-victim');
    const home = nextClientIp();
    const stranger = await flood(victim, nextClientIp(), {});
    const sameNetwork = await flood(victim, home, {});
    // The limit still holds for each of them, per network.
    expect(stranger).toEqual([200, 200, 200, 429, 429]);
    expect(sameNetwork).toEqual([200, 200, 200, 429, 429]);

    const { response, key } = await post({
      email: victim,
      client: home,
      altcha: await solvedChallenge('demo'),
    });

    expect(response.statusCode).toBe(200);
    expect((await storedLeadItem(env, 'demo', key))?.browserCheck).toBe('verified');
  });

  it('verified posts naming the address from other networks leave it open', async () => {
    const victim = uniqueEmail('verified-victim');
    for (let i = 0; i < RATE_LIMIT.max + 1; i++) {
      const { response } = await post({
        email: victim,
        client: nextClientIp(),
        altcha: await solvedChallenge('demo'),
      });
      expect(response.statusCode).toBe(200);
    }

    const { response } = await post({
      email: victim,
      client: nextClientIp(),
      altcha: await solvedChallenge('demo'),
    });

    expect(response.statusCode).toBe(200);
  });

  it("still refuses the victim network's own verified posts past the limit, with the one 429", async () => {
    const email = uniqueEmail('own-limit');
    const home = nextClientIp();
    const statuses = [];
    let refused: Awaited<ReturnType<typeof post>>['response'] | undefined;
    for (let i = 0; i < RATE_LIMIT.max + 1; i++) {
      const { response } = await post({
        email,
        client: home,
        altcha: await solvedChallenge('demo'),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response;
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same words and headers as any other 429: it says nothing about the address.
    expect(bodyOf(refused as NonNullable<typeof refused>)).toEqual({
      success: false,
      message: ERROR_MESSAGES.rateLimited,
    });
    expect(refused?.headers['retry-after']).toBe('60');
  });
});
