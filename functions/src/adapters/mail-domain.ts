import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';
import type { MailDomainCheck } from '../leads/ports.ts';

type Answer = Awaited<ReturnType<MailDomainCheck['acceptsMail']>>;

export interface DnsMailDomainOptions {
  /** The DNS servers to ask (`host` or `host:port`); by default the system's. */
  servers?: string[];
  /** The whole check's bound, every lookup included: past it the answer is `unknown`. */
  timeoutMs?: number;
  /** How long a warm function trusts a domain that accepts mail. */
  positiveTtlMs?: number;
  /** How long it trusts a domain that accepts none: shorter, a domain may be fixed. */
  negativeTtlMs?: number;
  /** The most domains remembered; the least recently asked is forgotten first. */
  cacheSize?: number;
  /**
   * A name that certainly exists, asked before any `no` is believed: a resolver that denies
   * every name is a DNS failure, `unknown` (decision 059). Unset, a `no` is believed as given.
   */
  knownHost?: string;
  now?: () => number;
}

const MAIL_DOMAIN_DEFAULTS = {
  timeoutMs: 1_500,
  positiveTtlMs: 60 * 60 * 1000,
  negativeTtlMs: 10 * 60 * 1000,
  cacheSize: 1_000,
} as const;

/** DNS error codes (node:dns) that say for certain the name has no such records. */
const NO_SUCH_DOMAIN = 'ENOTFOUND';
const NO_SUCH_RECORDS = 'ENODATA';

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * Whether a domain accepts mail, from DNS, as sending SMTP servers would decide: `no` only
 * for NXDOMAIN, the null MX (RFC 7505) or no MX and no address (RFC 5321 section 5.1's implicit
 * MX); anything DNS does not answer for certain is `unknown`, which holds nothing back. One
 * try, within `timeoutMs`; answers kept per warm function, `unknown` never (decision 059).
 */
export function createDnsMailDomainCheck(options: DnsMailDomainOptions = {}): MailDomainCheck {
  const { timeoutMs, positiveTtlMs, negativeTtlMs, cacheSize } = {
    ...MAIL_DOMAIN_DEFAULTS,
    ...options,
  };
  const now = options.now ?? Date.now;
  const cache = new Map<string, { answer: Answer; until: number }>();
  const inFlight = new Map<string, Promise<Answer>>();

  function remembered(domain: string): Answer | undefined {
    const entry = cache.get(domain);
    if (!entry) return undefined;
    cache.delete(domain);
    if (entry.until <= now()) return undefined;
    // Re-inserted: a Map keeps insertion order, so the first key is the least recently used.
    cache.set(domain, entry);
    return entry.answer;
  }

  function remember(domain: string, answer: Answer): void {
    if (answer === 'unknown') return;
    cache.set(domain, {
      answer,
      until: now() + (answer === 'yes' ? positiveTtlMs : negativeTtlMs),
    });
    while (cache.size > cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  async function lookup(domain: string): Promise<Answer> {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (options.servers) resolver.setServers(options.servers);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => {
        resolver.cancel();
        resolve('unknown');
      }, timeoutMs);
    });
    const answered = ask(resolver, domain).then(async (answer) =>
      answer === 'no' && options.knownHost && !(await resolves(resolver, options.knownHost))
        ? 'unknown'
        : answer,
    );
    try {
      return await Promise.race([answered, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async acceptsMail(input) {
      const domain = domainToASCII(input.trim().toLowerCase().replace(/\.$/, ''));
      if (!domain) return 'unknown';
      const known = remembered(domain);
      if (known) return known;
      let pending = inFlight.get(domain);
      if (!pending) {
        pending = lookup(domain)
          .catch((): Answer => 'unknown')
          .then((answer) => {
            remember(domain, answer);
            return answer;
          })
          .finally(() => inFlight.delete(domain));
        inFlight.set(domain, pending);
      }
      return pending;
    },
  };
}

/** Whether the resolver finds an address for a name that exists: it answers truly at all. */
async function resolves(resolver: Resolver, host: string): Promise<boolean> {
  try {
    return (await resolver.resolve4(host)).length > 0;
  } catch {
    return false;
  }
}

async function ask(resolver: Resolver, domain: string): Promise<Answer> {
  try {
    const records = await resolver.resolveMx(domain);
    const real = records.filter((mx) => mx.exchange !== '' && mx.exchange !== '.');
    if (real.length > 0) return 'yes';
    // RFC 7505: a single MX with the root as its exchange says "no mail here".
    if (records.length === 1) return 'no';
  } catch (error) {
    const code = codeOf(error);
    if (code === NO_SUCH_DOMAIN) return 'no';
    if (code !== NO_SUCH_RECORDS) return 'unknown';
  }
  // No MX: RFC 5321's implicit MX, the domain's own address records.
  const addresses = await Promise.allSettled([
    resolver.resolve4(domain),
    resolver.resolve6(domain),
  ]);
  if (addresses.some((result) => result.status === 'fulfilled' && result.value.length > 0)) {
    return 'yes';
  }
  const empty = addresses.every((result) =>
    result.status === 'fulfilled'
      ? result.value.length === 0
      : [NO_SUCH_RECORDS, NO_SUCH_DOMAIN].includes(codeOf(result.reason) ?? ''),
  );
  return empty ? 'no' : 'unknown';
}
