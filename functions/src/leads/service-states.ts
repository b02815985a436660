import type { EmailState, ServiceState } from '@kryon/shared/api';
import { type LeadStore, type Mailer, SenderNotVerifiedError } from './ports.ts';

/**
 * Whether the table and the e-mail service answer now, asked at once. E-mail that answers
 * but may not send as our sender is `unverified`, not `up`: every send would be refused.
 */
export async function serviceStates(
  store: Pick<LeadStore, 'ping'>,
  mailer: Pick<Mailer, 'ping'>,
): Promise<{ database: ServiceState; email: EmailState }> {
  const [database, email] = await Promise.allSettled([store.ping(), mailer.ping()]);
  return {
    database: database.status === 'fulfilled' ? 'up' : 'down',
    email:
      email.status === 'fulfilled'
        ? 'up'
        : email.reason instanceof SenderNotVerifiedError
          ? 'unverified'
          : 'down',
  };
}
