import { isIPv4, isIPv6 } from 'node:net';
import { keyedHash } from './hash.ts';
import type { LeadStore, Log, RateLimitTicket } from './ports.ts';

export interface Budget {
  max: number;
  windowMs: number;
}

export interface Budgets {
  email: Budget;
  ip: Budget;
}

/** The rate-limit keys of one submission: both hashed, so no counter names a person. */
export interface RateLimitKeys {
  email: string;
  /** Absent when the request carries no client IP (never behind API Gateway). */
  ip?: string;
}

export function rateLimitKeys(
  emailHash: string,
  sourceIp: string | undefined,
  hashSecret: string,
): RateLimitKeys {
  const client = sourceIp ? clientNetwork(sourceIp) : undefined;
  return {
    email: `email#${emailHash}`,
    ip: client ? `ip#${keyedHash(hashSecret, client)}` : undefined,
  };
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
 * Counts the submission against the e-mail's budget, then the client's: tickets for both
 * when both have room, else undefined. One after the other, so a burst for one address lets
 * exactly its budget through whatever the client budget does; a refusal by the client budget
 * gives the e-mail's hit back, so the visitor's allowance is not spent on a refused request.
 */
export async function takeBudgets(
  store: LeadStore,
  keys: RateLimitKeys,
  budgets: Budgets,
  nowMs: number,
  log: Log,
): Promise<RateLimitTicket[] | undefined> {
  const email = await store.takeRateLimit({ key: keys.email, ...budgets.email, nowMs });
  if (!email) return undefined;
  if (!keys.ip) return [email];
  const ip = await store.takeRateLimit({ key: keys.ip, ...budgets.ip, nowMs });
  if (ip) return [email, ip];
  await releaseBudgets(store, [email], log);
  return undefined;
}

/** Gives hits back (a replayed or refused request); best effort, a failure only logs. */
export async function releaseBudgets(
  store: LeadStore,
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
