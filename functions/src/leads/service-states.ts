import type { ServiceState } from '@kryon/shared/api';
import type { LeadStore, Mailer } from './ports.ts';

/** Whether the table and the e-mail service answer now, asked at once. */
export async function serviceStates(
  store: Pick<LeadStore, 'ping'>,
  mailer: Pick<Mailer, 'ping'>,
): Promise<{ database: ServiceState; email: ServiceState }> {
  const [database, email] = await Promise.allSettled([store.ping(), mailer.ping()]);
  return {
    database: database.status === 'fulfilled' ? 'up' : 'down',
    email: email.status === 'fulfilled' ? 'up' : 'down',
  };
}
