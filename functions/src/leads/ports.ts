/**
 * What the lead domain needs from the outside world. Adapters implement these with the AWS
 * SDK; tests implement them with fakes. No AWS type appears here.
 */
import type { LeadForm } from '@kryon/shared/api';

/** `skipped`: a honeypot lead, kept for review but never mailed, so no re-send picks it up. */
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface StoredLead {
  form: LeadForm;
  submissionId: string;
  idempotencyKey: string;
  /** sha-256 of the canonical request body: a reused key with another body is refused. */
  payloadHash: string;
  createdAt: string;
  fields: Record<string, unknown>;
  emailHash: string;
  userAgent: string | undefined;
  ipHash: string | undefined;
  spam: boolean;
  emailStatus: EmailStatus;
  /** Unix seconds: the store deletes the lead after the retention period. */
  expiresAt: number;
}

export interface RateLimitRequest {
  /** An opaque, already-hashed key such as `email#<sha256>`. */
  key: string;
  max: number;
  windowMs: number;
  nowMs: number;
}

export interface LeadStore {
  /** The lead stored under this idempotency key, if any. */
  findLead(form: LeadForm, idempotencyKey: string): Promise<StoredLead | undefined>;
  /** Stores the lead unless its key exists; false when it already did. */
  createLead(lead: StoredLead): Promise<boolean>;
  recordEmail(
    lead: Pick<StoredLead, 'form' | 'idempotencyKey'>,
    outcome: { status: EmailStatus; messageId?: string; error?: string; at: string },
  ): Promise<void>;
  /** Counts one hit; true while the key is within its budget. Atomic across callers. */
  takeRateLimit(request: RateLimitRequest): Promise<boolean>;
  ping(): Promise<void>;
}

export interface OutgoingEmail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Tags for SES event destinations (form name etc.). */
  tags: Record<string, string>;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  ping(): Promise<void>;
}

/** A dependency (database, e-mail service) failed to answer; the request may be retried. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: 'database' | 'email',
    options: { cause: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = 'DependencyError';
  }
}
