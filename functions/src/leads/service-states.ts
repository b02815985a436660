import type { EmailState, ServiceState } from '@kryon/shared/api';
import { SenderNotVerifiedError } from './errors.ts';
import type { LeadStore, Mailer, MailerAccount } from './ports.ts';
import { cachedProbe, type Probed } from './probe-cache.ts';

export interface ServiceStates {
  database: ServiceState;
  email: EmailState;
}

/**
 * Whether the table and the e-mail service answer now, asked at once. E-mail that answers
 * but may not send as our sender is `unverified`, not `up`: every send would be refused.
 * E-mail from an account still in the SES sandbox is `sandbox`: it sends, to verified
 * addresses only. Never rejects: a probe that fails is a service that is `down`.
 */
export async function serviceStates(
  store: Pick<LeadStore, 'ping'>,
  mailer: Pick<Mailer, 'ping'>,
): Promise<ServiceStates> {
  const [database, email] = await Promise.allSettled([store.ping(), mailer.ping()]);
  return {
    database: database.status === 'fulfilled' ? 'up' : 'down',
    email:
      email.status === 'fulfilled'
        ? answeringEmailState(email.value)
        : email.reason instanceof SenderNotVerifiedError
          ? 'unverified'
          : 'down',
  };
}

/**
 * The state of an e-mail service that answered and may send as our sender. A paused visitor
 * stream is not among them (decision 075): health is reachable by anyone through the site, and
 * "visitor-paused" told whoever pulled the brake that it worked. Ops read the brake's state
 * with `npm run brake -- status`, an IAM-signed call, and its alarms tell them. What SES did
 * not say is never guessed: it reads as `up`.
 */
export function answeringEmailState(account: MailerAccount | undefined): EmailState {
  return account?.sandbox === true ? 'sandbox' : 'up';
}

/**
 * serviceStates() probed at most once per PROBE_CACHE_MS in this warm function, with
 * concurrent callers sharing one probe in flight (decision 056). One per handler module.
 */
export function cachedServiceStates(
  store: Pick<LeadStore, 'ping'>,
  mailer: Pick<Mailer, 'ping'>,
  options?: { ttlMs?: number; now?: () => number },
): () => Promise<Probed<ServiceStates>> {
  return cachedProbe(() => serviceStates(store, mailer), options);
}
