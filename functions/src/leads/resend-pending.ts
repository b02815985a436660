import type { LeadForm } from '@kryon/shared/api';
import { type DeliveryDeps, deliver, isHeldForDigest, owedMessages } from './deliver.ts';
import {
  allocateDigest,
  backlogDueAt,
  DIGEST_PERIOD_MS,
  type DigestEntry,
  digestDueAt,
  SALES_DIGEST_KEY,
  sendDigest,
} from './digest.ts';
import { formDefinition } from './forms.ts';
import { sha256 } from './hash.ts';
import type { LeadRef, StoredLead } from './lead.ts';
import type { LeadEventBus } from './ports.ts';
import { describeError } from './redact.ts';

export interface ResendConfig {
  /** Sales recipients per form, as the form's own function has them. */
  recipientsFor: (form: LeadForm) => string[];
  siteOrigin: string;
  reportLink: { key: string; days: number };
  maxAttempts: number;
  salesTimeZone: string;
  visitorMailFromName: string;
  /** How long a run holds a lead while it re-sends: far longer than one send can take. */
  leaseMs: number;
  /** Leads read per page of the pending list. */
  pageSize: number;
  /** Leads re-sent at once. */
  concurrency: number;
  /** The most held leads one digest lists; more go out in further digests of the run. */
  digestMaxLeads: number;
  /**
   * Held leads of one client network and clock hour listed; the rest of that network's hour
   * is counted in the digest, not listed (DIGEST_LEADS_PER_NETWORK).
   */
  digestLeadsPerNetwork: number;
  /**
   * The most digests one recipient list receives an hour; held leads past them wait for the
   * next hour. A flood from many networks then fills the export, not the sales inbox.
   */
  digestsPerHour: number;
}

export interface ResendDeps extends DeliveryDeps {
  config: ResendConfig;
  newId: () => string;
  /** Where lead events go: the run publishes what leads still owe (decision 090). */
  bus?: LeadEventBus;
}

export interface ResendOptions {
  /** Stop after this many leads (default: all that are due). */
  limit?: number;
  /** Asked before each page: false ends the run early (a Lambda near its timeout). */
  shouldContinue?: () => boolean;
  /**
   * Also send every held lead now, in digests, without waiting for the end of its hour
   * (`npm run leads:resend -- --digest-now`).
   */
  digestNow?: boolean;
}

export interface ResendSummary {
  /** Due leads read from the pending list. */
  examined: number;
  /** Leads this run took the lease of. */
  claimed: number;
  /**
   * Due leads another sender had taken meanwhile, that owed nothing any more, or whose item
   * could not be read (logged and counted as UnreadableLead, decision 078).
   */
  skipped: number;
  sent: number;
  failed: number;
  /** Digests of held leads SES accepted. */
  digests: number;
  /** Held leads listed in those digests. */
  digested: number;
  /**
   * Held leads counted in those digests, not listed: their network's leads of an hour past
   * the ones listed. Each is marked sent in the digest that counts it, and is in the export.
   */
  digestCounted: number;
  /** Held leads claimed for a digest that failed: they stay held for a later run. */
  digestFailed: number;
  /**
   * Held leads put back because the hour's digests were spent: held for the next hour, ahead
   * of that hour's own (backlogDueAt).
   */
  digestDeferred: number;
}

/** The held leads a run has claimed and not yet sent, per recipient list. */
type DigestBatches = Map<string, { recipients: string[]; entries: DigestEntry[] }>;

/**
 * Delivers what leads still owe, each due lead claimed by its lease so no message goes twice
 * (decision 022). Used by the scheduled function and by `npm run leads:resend`.
 */
export async function resendPending(
  deps: ResendDeps,
  options: ResendOptions = {},
): Promise<ResendSummary> {
  const { store, config, log } = deps;
  const summary: ResendSummary = {
    examined: 0,
    claimed: 0,
    skipped: 0,
    sent: 0,
    failed: 0,
    digests: 0,
    digested: 0,
    digestCounted: 0,
    digestFailed: 0,
    digestDeferred: 0,
  };
  const batches: DigestBatches = new Map();
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  // The digest-now pass lists what is owed however far ahead, and claims only held leads.
  const passes = options.digestNow ? [false, true] : [false];
  for (const heldOnly of passes) {
    let cursor: string | undefined;
    do {
      if (options.shouldContinue && !options.shouldContinue()) break;
      const page = await store.listPending({
        dueBy: heldOnly ? Number.MAX_SAFE_INTEGER : deps.now().getTime(),
        limit: Math.min(config.pageSize, limit - summary.examined),
        cursor,
      });
      const due = page.leads.slice(0, Math.max(0, limit - summary.examined));
      if (!heldOnly) {
        summary.examined += due.length;
        for (const ref of due) deps.metrics.count('ResendDue', ref.form);
      }
      await eachWithConcurrency(due, config.concurrency, (ref) =>
        resendOne(ref, deps, summary, { batches, heldOnly, digestNow: !!options.digestNow }),
      );
      cursor = page.cursor;
    } while (cursor && summary.examined < limit);
  }
  // The digests go out once every due held lead is gathered, so they can take the oldest
  // first and cap each network over all of them; they go even when the run is short of
  // time: the leases are held, and a digest is one send.
  for (const [key, batch] of batches) {
    await sendDigests(key, batch, deps, summary, !!options.digestNow);
  }

  if (summary.claimed > 0 || summary.failed > 0) log.info('re-send run finished', { ...summary });
  return summary;
}

async function resendOne(
  ref: LeadRef,
  deps: ResendDeps,
  summary: ResendSummary,
  run: { batches: DigestBatches; heldOnly: boolean; digestNow: boolean },
) {
  const { store, config, log } = deps;
  const leaseToken = deps.newId();
  const nowMs = deps.now().getTime();
  const lead = await store.claimPending(ref, {
    leaseToken,
    nowMs,
    leaseUntil: nowMs + config.leaseMs,
    ...(run.heldOnly ? { heldOnly: true } : {}),
  });
  if (!lead || 'unreadable' in lead) {
    // In the digest-now pass, a lead owing something else is simply not this pass's.
    if (!run.heldOnly) summary.skipped += 1;
    if (lead) {
      // Its key and the issue, never its values; the run goes on without it (decision 078).
      deps.metrics.count('UnreadableLead', ref.form);
      log.error('a lead on the re-send list cannot be read; skipped, left for a person', {
        ...lead.unreadable,
      });
    }
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

  if (isHeldForDigest(lead.emails)) {
    await gatherForDigest(lead, definition, leaseToken, deps, run);
    return;
  }

  const owed = owedMessages(lead, definition);
  try {
    // The visitor's e-mail carries a link naming the lead by its id; a lead stored before
    // ids were kept gets one now, so the link it is re-sent works.
    if (owed.includes('visitor') && definition.report) await store.linkLeadId(lead);
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
          visitorMailFromName: config.visitorMailFromName,
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

/**
 * A claimed held lead joins the run's digests for its recipients once its hour is over (or a
 * digest was asked for now). Before then it is put back on the list, due when its hour ends.
 */
async function gatherForDigest(
  lead: StoredLead,
  definition: NonNullable<ReturnType<typeof formDefinition>>,
  leaseToken: string,
  deps: ResendDeps,
  run: { batches: DigestBatches; digestNow: boolean },
) {
  const dueAt = digestDueAt(Date.parse(lead.createdAt));
  if (!run.digestNow && dueAt > deps.now().getTime()) {
    await deps.store.recordSends(lead, {
      leaseToken,
      emails: lead.emails,
      emailStatus: lead.emailStatus,
      owed: true,
      retryAtMs: dueAt,
      at: deps.now().toISOString(),
    });
    return;
  }
  const recipients = deps.config.recipientsFor(lead.form);
  const key = [...recipients].sort().join(',');
  const batch = run.batches.get(key) ?? { recipients, entries: [] };
  batch.entries.push({ lead, definition, leaseToken });
  run.batches.set(key, batch);
}

/**
 * Sends the gathered held leads of one recipient list, oldest first, within the hour's digests;
 * the rest wait, held, ahead of the next hour's own: none lost (decisions 053, 074).
 */
async function sendDigests(
  key: string,
  batch: { recipients: string[]; entries: DigestEntry[] },
  deps: ResendDeps,
  summary: ResendSummary,
  digestNow: boolean,
) {
  const { listed, counted } = allocateDigest(batch.entries, deps.config.digestLeadsPerNetwork);
  batch.entries = [];
  const size = Math.max(1, deps.config.digestMaxLeads);
  for (let start = 0; start < listed.length; start += size) {
    const entries = listed.slice(start, start + size);
    // A network's surplus rides in the run's first digest: it needs no line of its own.
    const countedHere = start === 0 ? counted : [];
    if (!digestNow && !(await takeDigestSlot(key, deps))) {
      const rest = [...listed.slice(start), ...countedHere];
      await putBack(rest, deps);
      summary.digestDeferred += rest.length;
      deps.log.warn('hourly number of sales digests reached; held leads wait for the next hour', {
        leads: rest.length,
        digestsPerHour: deps.config.digestsPerHour,
      });
      return;
    }
    const result = await sendDigest(
      entries,
      {
        recipients: batch.recipients,
        timeZone: deps.config.salesTimeZone,
        maxAttempts: deps.config.maxAttempts,
        counted: countedHere,
      },
      deps,
    );
    if (result.sent) {
      summary.digests += 1;
      summary.digested += entries.length;
      summary.digestCounted += countedHere.length;
    } else {
      summary.digestFailed += entries.length + countedHere.length;
    }
  }
}

/** One of the hour's digests for this recipient list, or false when they are all spent. */
async function takeDigestSlot(recipientsKey: string, deps: ResendDeps): Promise<boolean> {
  const ticket = await deps.store.takeRateLimit({
    key: `${SALES_DIGEST_KEY}#${sha256(recipientsKey).slice(0, 32)}`,
    max: deps.config.digestsPerHour,
    windowMs: DIGEST_PERIOD_MS,
    nowMs: deps.now().getTime(),
  });
  return ticket !== undefined;
}

/**
 * Leads claimed for a digest that will not go out now: held again, due in the next hour and
 * ahead of its own leads, oldest backlog first. Their received time is never changed.
 */
async function putBack(entries: readonly DigestEntry[], deps: ResendDeps) {
  const nowMs = deps.now().getTime();
  await Promise.all(
    entries.map(({ lead, leaseToken }) =>
      deps.store.recordSends(lead, {
        leaseToken,
        emails: lead.emails,
        emailStatus: lead.emailStatus,
        owed: true,
        retryAtMs: backlogDueAt(Date.parse(lead.createdAt), nowMs),
        at: new Date(nowMs).toISOString(),
      }),
    ),
  );
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
