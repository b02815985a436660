import type { LeadForm } from '@kryon/shared/api';
import { type DeliveryDeps, deliver, owedMessages } from './deliver.ts';
import { formDefinition } from './forms.ts';
import type { LeadRef } from './ports.ts';
import { describeError } from './redact.ts';

export interface ResendConfig {
  /** Sales recipients per form, as the form's own function has them. */
  recipientsFor: (form: LeadForm) => string[];
  siteOrigin: string;
  reportLink: { key: string; days: number };
  maxAttempts: number;
  salesTimeZone: string;
  visitorFromName: string;
  /** How long a run holds a lead while it re-sends: far longer than one send can take. */
  leaseMs: number;
  /** Leads read per page of the pending list. */
  pageSize: number;
  /** Leads re-sent at once. */
  concurrency: number;
}

export interface ResendDeps extends DeliveryDeps {
  config: ResendConfig;
  newId: () => string;
}

export interface ResendOptions {
  /** Stop after this many leads (default: all that are due). */
  limit?: number;
  /** Asked before each page: false ends the run early (a Lambda near its timeout). */
  shouldContinue?: () => boolean;
}

export interface ResendSummary {
  /** Due leads read from the pending list. */
  examined: number;
  /** Leads this run took the lease of. */
  claimed: number;
  /** Due leads another sender had taken meanwhile, or that owed nothing any more. */
  skipped: number;
  sent: number;
  failed: number;
}

/**
 * Delivers what leads still owe: every lead on the pending list whose lease is free or has
 * lapsed is claimed with a conditional write (so two runs never send one message twice),
 * then only its unsent messages are sent and recorded. Used by the scheduled function and
 * by `npm run leads:resend`.
 */
export async function resendPending(
  deps: ResendDeps,
  options: ResendOptions = {},
): Promise<ResendSummary> {
  const { store, config, log } = deps;
  const summary: ResendSummary = { examined: 0, claimed: 0, skipped: 0, sent: 0, failed: 0 };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let cursor: string | undefined;
  do {
    if (options.shouldContinue && !options.shouldContinue()) break;
    const page = await store.listPending({
      dueBy: deps.now().getTime(),
      limit: Math.min(config.pageSize, limit - summary.examined),
      cursor,
    });
    const due = page.leads.slice(0, Math.max(0, limit - summary.examined));
    summary.examined += due.length;
    for (const ref of due) deps.metrics.count('ResendDue', ref.form);
    await eachWithConcurrency(due, config.concurrency, (ref) => resendOne(ref, deps, summary));
    cursor = page.cursor;
  } while (cursor && summary.examined < limit);

  if (summary.claimed > 0 || summary.failed > 0) log.info('re-send run finished', { ...summary });
  return summary;
}

async function resendOne(ref: LeadRef, deps: ResendDeps, summary: ResendSummary) {
  const { store, config, log } = deps;
  const leaseToken = deps.newId();
  const nowMs = deps.now().getTime();
  const lead = await store.claimPending(ref, {
    leaseToken,
    nowMs,
    leaseUntil: nowMs + config.leaseMs,
  });
  if (!lead) {
    summary.skipped += 1;
    return;
  }
  summary.claimed += 1;

  const definition = formDefinition(lead.form);
  if (!definition) {
    // Nothing can render it; a person must look, and it must not come back every run.
    log.error('lead of an unknown form on the re-send list; taken off it', {
      form: String(lead.form),
      submissionId: lead.submissionId,
    });
    await store.recordSends(lead, {
      leaseToken,
      emails: lead.emails ?? {},
      emailStatus: 'abandoned',
      owed: false,
      at: deps.now().toISOString(),
    });
    return;
  }

  const owed = owedMessages(lead, definition);
  try {
    const result = await deliver(
      lead,
      definition,
      owed,
      {
        leaseToken,
        resend: true,
        config: {
          recipients: config.recipientsFor(lead.form),
          siteOrigin: config.siteOrigin,
          reportLink: config.reportLink,
          maxAttempts: config.maxAttempts,
          salesTimeZone: config.salesTimeZone,
          visitorFromName: config.visitorFromName,
        },
      },
      deps,
    );
    summary.sent += result.sent;
    summary.failed += result.failed;
  } catch (error) {
    // deliver() only throws on a bug; the lease lapses and a later run tries again.
    summary.failed += owed.length;
    log.error('re-send of a lead failed', {
      form: lead.form,
      submissionId: lead.submissionId,
      error: describeError(error),
    });
  }
}

async function eachWithConcurrency<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(concurrency, items.length)) },
    async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    },
  );
  await Promise.all(workers);
}
