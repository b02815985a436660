import { IP_RATE_LIMIT, RATE_LIMIT } from '@kryon/shared/constants';
import type { LeadConfig } from '../src/leads/submit-lead.ts';

const HOUR = 3_600_000;

/**
 * A lead function's configuration for tests, as production sets it where a test does not
 * care: each test overrides only what it is about, and a new setting is added here once.
 */
export function testLeadConfig(overrides: Partial<LeadConfig> = {}): LeadConfig {
  return {
    recipients: ['sales@kryon.example'],
    siteOrigin: 'https://kryon.example',
    reportLink: { key: 'report-key', days: 7 },
    salesTimeZone: 'UTC',
    visitorMailFromName: 'Kryon Sales',
    maxAttempts: 10,
    retentionDays: 730,
    hashSecret: 'ip-secret',
    rateLimit: { email: RATE_LIMIT, ip: IP_RATE_LIMIT },
    visitorMail: {
      perAddress: { max: 3, windowMs: 24 * HOUR },
      perHour: { max: 200, windowMs: HOUR },
    },
    // Tests post unverified leads one by one; the digest's own tests lower this.
    unverifiedSalesMail: { max: 1_000, windowMs: HOUR },
    minFillMs: 2_000,
    sendLeaseMs: 60_000,
    successMessage: 'Thanks',
    ...overrides,
  };
}
