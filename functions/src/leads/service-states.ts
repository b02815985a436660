import type { EmailState, ServiceState } from '@kryon/shared/api';
import { SenderNotVerifiedError } from './errors.ts';
import type { LeadStore, Mailer, MailerAccount } from './ports.ts';
import { cachedProbe, type Probed } from './probe-cache.ts';

export interface ServiceStates {
  database: ServiceState;
  email: EmailState;
}

/**
 * Whether the table and the e-mail service answer now, asked at once: `unverified` while SES
 * may not send as our sender (decision 033), `sandbox` in the SES sandbox (decision 056).
 * Never rejects: a probe that fails is a service that is `down`.
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
 * The state of an e-mail service that answered and may send as our sender. Nothing public says
 * the brake is pulled (decision 075); what SES did not say reads as `up` (decision 056).
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
