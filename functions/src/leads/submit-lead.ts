import type { Confirmation, FieldErrors } from '@kryon/shared/api';
import { isMailboxSimulator } from '@kryon/shared/email';
import { fieldErrors } from '@kryon/shared/field-errors';
import { splitAttribution } from './attribution.ts';
import {
  confirmationOf,
  type DeliveryConfig,
  type DeliveryDeps,
  deliver,
  leadReportUrl,
  owedMessages,
} from './deliver.ts';
import { digestDueAt, UNVERIFIED_SALES_MAIL_KEY } from './digest.ts';
import { consentOf, type FormDefinition, visitorAddress } from './form-definition.ts';
import { emailHash as hashEmail, keyedHash, sha256, spellingHash } from './hash.ts';
import { type BrowserCheck, type StoredLead, SYNTHETIC_LEAD_DAYS } from './lead.ts';
import { leadAccepted } from './lead-events.ts';
import type { ChallengeService, LeadEventBus, MailDomainCheck } from './ports.ts';
import { owedEvent, publishOwed } from './publish-events.ts';
import type { Budget } from './rate-limit.ts';
import {
  type Budgets,
  clientNetworkHash,
  rateLimitKeys,
  releaseBudgets,
  takeBudgets,
} from './rate-limit.ts';
import { spamVerdict } from './spam.ts';
import { checkBrowser, permitVisitorMail, type VisitorMailBudgets } from './visitor-mail.ts';

export interface LeadConfig extends DeliveryConfig {
  retentionDays: number;
  /** Secret for the keyed hashes of client IPs and e-mail addresses. */
  hashSecret: string;
  rateLimit: Budgets;
  visitorMail: VisitorMailBudgets;
  /**
   * Unverified leads whose sales notification goes out on its own, over all forms; past it,
   * an unverified lead's notification is held for the next digest.
   */
  unverifiedSalesMail: Budget;
  /** A submission sooner than this after the form was shown is a bot's. */
  minFillMs: number;
  /** How long the submitting function holds the lead's lease while it sends. */
  sendLeaseMs: number;
  successMessage: string;
  /**
   * The answer's message when the visitor's e-mail did not go out, for a form whose success
   * message says it did (the download's "We have also e-mailed the link").
   */
  unsentMessages?: Record<Exclude<Confirmation, 'sent'>, string>;
}

export interface LeadDeps extends DeliveryDeps {
  config: LeadConfig;
  challenges: ChallengeService;
  newId: () => string;
  /** Whether a visitor's domain accepts mail; absent, no such check (MAIL_DOMAIN_CHECK=off). */
  mailDomains?: MailDomainCheck;
  /** Where lead events go (decision 090); absent, none is owed or published. */
  bus?: LeadEventBus;
}

export interface SubmitLeadRequest {
  definition: FormDefinition;
  /** The parsed JSON body, not yet validated. */
  body: unknown;
  idempotencyKey: string;
  userAgent?: string;
  sourceIp?: string;
}

/** What the answer may tell the visitor about an accepted lead. */
export interface AcceptedLead {
  kind: 'accepted';
  submissionId: string;
  timestamp: string;
  replayed: boolean;
  /** What became of the visitor's e-mail, for a form that sends one. */
  confirmation?: Confirmation;
  /** The personal report link, for a form that hands out a report. */
  reportUrl?: string;
}

export type SubmitLeadResult =
  | AcceptedLead
  | { kind: 'invalid'; details: FieldErrors }
  | { kind: 'rate-limited' }
  | { kind: 'conflict' }
  /** The proof was priced below the price of the moment: nothing stored, solve again. */
  | { kind: 'repriced' };

/**
 * Takes one lead from any form: validate, spam checks, rate limits, store, then e-mail. Stored
 * first with its e-mails owed under the caller's lease, so an accepted lead is never lost
 * (decisions 008, 022); the conditional put is the idempotency check, so a first submission
 * costs no read, and a replay gives its rate-limit hits back (decision 008).
 */
export async function submitLead(
  request: SubmitLeadRequest,
  deps: LeadDeps,
): Promise<SubmitLeadResult> {
  const { definition, idempotencyKey } = request;
  const { store, config, log, metrics } = deps;
  const { form } = definition;

  const parsed = definition.schema.safeParse(request.body);
  if (!parsed.success) {
    metrics.count('LeadRejected', form);
    return { kind: 'invalid', details: fieldErrors(parsed.error) };
  }
  const data = parsed.data;
  const payloadHash = sha256(JSON.stringify(data));
  const address = visitorAddress(definition, data);
  const emailHash = hashEmail(config.hashSecret, address);
  const now = deps.now();
  const nowMs = now.getTime();
  const spam = spamVerdict(request.body, nowMs, config.minFillMs);

  const isSpam = spam.reason !== undefined;
  // A bot caught by the spam checks claims nothing: its lead is kept for review only.
  const checked = isSpam
    ? undefined
    : await checkBrowser({ form, body: request.body, idempotencyKey }, deps);
  let browserCheck: BrowserCheck | undefined = checked?.verdict;
  const proof = checked?.proof;
  if (proof?.retry) {
    // The same submission again: its first attempt's lead is the answer; if none was stored,
    // the proof does not pass a second price check (decision 072).
    const previous = await store.findLead(form, idempotencyKey);
    if (previous) return replay(previous, payloadHash, definition, config);
    browserCheck = 'replayed';
  }

  if (browserCheck === 'underpriced') {
    // A retry of a lead already stored gets its answer, whatever the price did since.
    const previous = await store.findLead(form, idempotencyKey);
    if (previous) return replay(previous, payloadHash, definition, config);
    // Refused before any budget is taken or anything stored: the site solves a challenge at
    // the new price and sends the same submission again, so the visitor waits one solve more.
    metrics.count('LeadRepriced', form);
    log.info('lead asked to solve the browser check again at the new price', { form });
    return { kind: 'repriced' };
  }
  // Checked before the limits, which count what a post proved apart: spam spends no
  // address's budget, and neither spam nor unverified posts can spend a verified one's.
  const standing = isSpam ? 'spam' : browserCheck === 'verified' ? 'verified' : 'unverified';
  const keys = rateLimitKeys(emailHash, request.sourceIp, config.hashSecret, standing);
  const tickets = await takeBudgets(store, keys, config.rateLimit, nowMs, log);
  if (!tickets) {
    const previous = await store.findLead(form, idempotencyKey);
    if (previous) return replay(previous, payloadHash, definition, config);
    metrics.count('LeadRateLimited', form);
    log.info('lead rate-limited', { form, standing });
    return { kind: 'rate-limited' };
  }
  const permit =
    browserCheck && definition.visitorMessage
      ? await permitVisitorMail(
          {
            form,
            browserCheck,
            emailHash,
            spellingHash: spellingHash(config.hashSecret, address),
            visitorEmail: address,
            proofLevel: proof?.level ?? 0,
            nowMs,
          },
          { ...deps, budgets: config.visitorMail },
        )
      : undefined;
  if (permit?.repriced) {
    // Repriced while checked: nothing stored, and the token's claim goes back so a resent proof
    // is checked again, never waved through as a retry (decision 072).
    await releaseBudgets(store, tickets, log);
    if (proof) await store.releaseClaim(proof.claim).catch(() => undefined);
    log.info('lead asked to solve the browser check again at the new price', { form });
    return { kind: 'repriced' };
  }
  tickets.push(...(permit?.tickets ?? []));
  // A lead to SES's mailbox simulator proves the path, and only its sender can make one: it
  // owes sales nothing and is gone within a day.
  const synthetic = address !== undefined && isMailboxSimulator(address);
  // Past a small number an hour, an unverified lead's notification waits for the digest:
  // scripted posts then cost sales one e-mail an hour, not one each.
  const unverified = browserCheck !== undefined && browserCheck !== 'verified';
  const salesTicket =
    unverified && !synthetic
      ? await store.takeRateLimit({
          key: UNVERIFIED_SALES_MAIL_KEY,
          ...config.unverifiedSalesMail,
          nowMs,
        })
      : undefined;
  if (salesTicket) tickets.push(salesTicket);
  const held = unverified && !synthetic && !salesTicket;

  const submissionId = deps.newId();
  const createdAt = now.toISOString();
  const { fields, attribution } = splitAttribution(data);
  const consent = consentOf(definition, data);
  const lead: StoredLead = {
    form,
    submissionId,
    idempotencyKey,
    payloadHash,
    createdAt,
    fields,
    attribution,
    emailHash,
    consent: consent && { ...consent, at: createdAt },
    userAgent: request.userAgent?.slice(0, 512),
    ipHash: request.sourceIp ? keyedHash(config.hashSecret, request.sourceIp) : undefined,
    networkHash: request.sourceIp
      ? clientNetworkHash(config.hashSecret, request.sourceIp)
      : undefined,
    spam: isSpam,
    ...(synthetic ? { synthetic } : {}),
    spamReason: spam.reason,
    fillMs: spam.fillMs,
    browserCheck,
    emailStatus: isSpam ? 'skipped' : 'pending',
    emails: isSpam
      ? {}
      : {
          sales: synthetic
            ? { status: 'withheld', reason: 'synthetic', attempts: 0 }
            : { status: held ? 'held' : 'pending', attempts: 0 },
          ...(permit
            ? {
                visitor: permit.withheld
                  ? { status: 'withheld', reason: permit.withheld, attempts: 0 }
                  : { status: 'pending', attempts: 0 },
              }
            : {}),
        },
    // The submitting function's own lease: the re-send leaves the lead alone while it sends.
    // A held lead sends nothing now: no lease, listed for the run after its digest is due.
    leaseToken: isSpam || held ? undefined : submissionId,
    leaseUntil: isSpam ? undefined : held ? digestDueAt(nowMs) : nowMs + config.sendLeaseMs,
    expiresAt:
      Math.floor(nowMs / 1000) + (synthetic ? SYNTHETIC_LEAD_DAYS : config.retentionDays) * 86_400,
  };

  // Owed in the lead's own write, so a stored lead's event is never lost; none for spam or a
  // synthetic lead (leadAccepted decides).
  const event = deps.bus ? leadAccepted(lead, definition) : undefined;
  const events = event ? [owedEvent(event)] : [];
  if (!(await store.createLead(lead, events))) {
    // The key is taken: a retry, or a concurrent request with the same key that won. Its
    // confirmation, if one was admitted, is not this request's: the count goes back too.
    await releaseBudgets(store, tickets, log);
    await permit?.admission?.giveBack().catch((error: unknown) => {
      log.warn('could not give back a confirmation counted for the challenge price', {
        error: error instanceof Error ? error.name : 'unknown',
      });
    });
    const winner = await store.findLead(form, idempotencyKey);
    if (winner) return replay(winner, payloadHash, definition, config);
    throw new Error('lead vanished after a conditional-put conflict');
  }

  // Beside the e-mails, not after them: the visitor's answer waits for the slower of the two,
  // not for both; a failure leaves the event owed for the scheduled run.
  const publishing = publishOwed({ form, idempotencyKey }, events, deps);
  let delivered = lead;
  if (isSpam) {
    // A bot gets the answer a person gets, so it learns nothing; nobody is mailed.
    metrics.count('LeadSpam', form);
    log.info('lead flagged as spam', { form, submissionId, reason: spam.reason });
  } else {
    if (held) {
      metrics.count('SalesEmailHeld', form);
      log.info('unverified lead held for the sales digest', { form, submissionId });
    } else {
      const { emails } = await deliver(
        lead,
        definition,
        owedMessages(lead, definition),
        { leaseToken: submissionId, resend: false, config },
        deps,
      );
      delivered = { ...lead, emails };
      // Refused by the paused visitor stream, never sent: its budget and ceiling hits go back
      // (best effort); the challenge price keeps its count (decision 058).
      if (
        emails.visitor?.status === 'withheld' &&
        emails.visitor.reason === 'visitor-stream-paused'
      ) {
        await releaseBudgets(store, permit?.tickets ?? [], log);
      }
    }
    // A synthetic lead is counted apart, so the canary cannot hide a stop of real leads.
    metrics.count(synthetic ? 'SyntheticLeadAccepted' : 'LeadAccepted', form);
    log.info('lead accepted', { form, submissionId, ...(synthetic ? { synthetic } : {}) });
  }
  await publishing;
  return accepted(delivered, false, definition, config);
}

function replay(
  lead: StoredLead,
  payloadHash: string,
  definition: FormDefinition,
  config: LeadConfig,
): SubmitLeadResult {
  if (lead.payloadHash !== payloadHash) return { kind: 'conflict' };
  return accepted(lead, true, definition, config);
}

/**
 * The answer to an accepted lead, from the lead as it stands: a replay tells what the stored
 * lead says, so a retry never claims more than the first answer could.
 */
function accepted(
  lead: StoredLead,
  replayed: boolean,
  definition: FormDefinition,
  config: LeadConfig,
): AcceptedLead {
  const confirmation = confirmationOf(lead, definition);
  const item = definition.report?.(lead.fields);
  return {
    kind: 'accepted',
    submissionId: lead.submissionId,
    timestamp: lead.createdAt,
    replayed,
    ...(confirmation ? { confirmation } : {}),
    ...(item ? { reportUrl: leadReportUrl(lead, item, config) } : {}),
  };
}
