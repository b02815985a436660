import { isIPv4, isIPv6 } from 'node:net';
import { keyedHash } from './hash.ts';
import type { Log, RateLimitStore, RateLimitTicket } from './ports.ts';

export interface Budget {
  max: number;
  windowMs: number;
}

export interface Budgets {
  email: Budget;
  ip: Budget;
}

/**
 * What a submission proved, which decides the address budget it may spend: a post with a
 * solved browser check, one without, or one the spam checks caught (which spends none).
 */
export type SubmissionStanding = 'verified' | 'unverified' | 'spam';

/** The rate-limit keys of one submission: all hashed, so no counter names a person. */
export interface RateLimitKeys {
  /**
   * The address's budget as seen from this client network and standing. Absent for spam: a
   * bot's posts are kept for review and must not spend the budget of the address they name.
   */
  email?: string;
  /** Absent when the request carries no client IP (never behind API Gateway). */
  ip?: string;
}

/**
 * The keys of one submission: the address budget per client network and standing, so no
 * stranger can spend it; the client budget counts every post, spam included (decision 052).
 */
export function rateLimitKeys(
  emailHash: string,
  sourceIp: string | undefined,
  hashSecret: string,
  standing: SubmissionStanding,
): RateLimitKeys {
  const client = sourceIp ? clientNetwork(sourceIp) : undefined;
  const network = client ? keyedHash(hashSecret, client) : 'none';
  return {
    email:
      standing === 'spam' ? undefined : `${addressBudgetPrefix(emailHash)}#${standing}#${network}`,
    ip: client ? `ip#${network}` : undefined,
  };
}

/**
 * The key of one client network's counter of challenges fetched (decision 051): the keyed
 * hash of its network, like the IP budget's, so the counter names no address.
 */
export function challengeRateKey(sourceIp: string, hashSecret: string): string {
  return `challenge#${clientNetworkHash(hashSecret, sourceIp)}`;
}

/**
 * The keyed hash of the client network a request came from, as the budgets count it: what a
 * lead stores, so the sales digest can cap what one network gets listed (decision 074).
 */
export function clientNetworkHash(hashSecret: string, sourceIp: string): string {
  return keyedHash(hashSecret, clientNetwork(sourceIp));
}

/**
 * What every address-budget key of one address starts with, whatever the network and
 * standing: how a privacy request finds that address's counters.
 */
export function addressBudgetPrefix(emailHash: string): string {
  return `email#${emailHash}`;
}

/**
 * The network one client controls: an IPv4 address as is, an IPv6 address as its /64 (a
 * single host is routinely given a whole /64, so counting addresses would count nothing).
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of a valid IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const hextets = (parts: string[]) =>
    parts.flatMap((p) => {
      if (!p.includes('.')) return [p];
      const [a = 0, b = 0, c = 0, d = 0] = p.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = hextets(part(head));
  const right = tail === undefined ? [] : hextets(part(tail));
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((h) => Number.parseInt(h, 16).toString(16));
}

/**
 * Counts the submission against the e-mail's budget (when it has one), then the client's:
 * tickets for both when both have room, else undefined. One after the other, so a burst for
 * one address lets exactly its budget through; a refusal by the client budget gives the
 * e-mail's hit back, so the visitor's allowance is not spent on a refused request.
 */
export async function takeBudgets(
  store: RateLimitStore,
  keys: RateLimitKeys,
  budgets: Budgets,
  nowMs: number,
  log: Log,
): Promise<RateLimitTicket[] | undefined> {
  const email = keys.email
    ? await store.takeRateLimit({ key: keys.email, ...budgets.email, nowMs })
    : undefined;
  if (keys.email && !email) return undefined;
  const taken = email ? [email] : [];
  if (!keys.ip) return taken;
  const ip = await store.takeRateLimit({ key: keys.ip, ...budgets.ip, nowMs });
  if (ip) return [...taken, ip];
  await releaseBudgets(store, taken, log);
  return undefined;
}

/** Gives hits back (a replayed or refused request); best effort, a failure only logs. */
export async function releaseBudgets(
  store: RateLimitStore,
  tickets: readonly RateLimitTicket[],
  log: Log,
): Promise<void> {
  await Promise.all(
    tickets.map(async (ticket) => {
      try {
        await store.releaseRateLimit(ticket);
      } catch (error) {
        log.warn('could not give a rate-limit hit back', { error: errorName(error) });
      }
    }),
  );
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown';
}
