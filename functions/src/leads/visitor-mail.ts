import type { LeadForm } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { isMailboxSimulator } from '@kryon/shared/email';
import type { BrowserCheck, WithheldReason } from './lead.ts';
import type {
  Admission,
  ChallengeService,
  Log,
  MailDomainCheck,
  Metrics,
  OneTimeTokens,
  RateLimitStore,
  RateLimitTicket,
  SuppressionList,
} from './ports.ts';
import type { Budget } from './rate-limit.ts';

/**
 * How many confirmations may go to typed addresses: a few per address a day and a ceiling an
 * hour over every form bound what a stranger can make us send (decision 029).
 */
export interface VisitorMailBudgets {
  perAddress: Budget;
  perHour: Budget;
}

export interface VisitorMailDeps {
  store: OneTimeTokens & RateLimitStore & SuppressionList;
  challenges: ChallengeService;
  metrics: Metrics;
  log: Log;
  budgets: VisitorMailBudgets;
  /** Absent: no DNS check (MAIL_DOMAIN_CHECK=off, as on the local stack). */
  mailDomains?: MailDomainCheck;
}

export interface BrowserCheckRequest {
  form: LeadForm;
  body: unknown;
  /** The submission's idempotency key: a retry of it may reuse its challenge. */
  idempotencyKey: string;
}

/** A verified proof's claim, as the rest of the submission needs it. */
export interface ClaimedProof {
  /** The claim of its token (LeadStore.claimOnce), to give back if the proof is not taken. */
  claim: { key: string; owner: string };
  /** The price level it was issued at: what its confirmation is admitted at. */
  level: number;
  /**
   * The token was this submission's already: the same submission sent again. Its first
   * attempt claimed it, and its confirmation, if any, was admitted then.
   */
  retry: boolean;
}

export interface BrowserCheckResult {
  verdict: BrowserCheck;
  /** For a verified proof. */
  proof?: ClaimedProof;
}

/**
 * The browser check of one submission: the solution's signature, expiry and form, then the
 * single-use rule, which holds across all forms and lets only a retry of the same submission
 * present a challenge again (and says it is one).
 */
export async function checkBrowser(
  request: BrowserCheckRequest,
  deps: Pick<VisitorMailDeps, 'store' | 'challenges'>,
): Promise<BrowserCheckResult> {
  const payload =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)[CHALLENGE_FIELD]
      : undefined;
  const { verdict, token, expiresAtMs, level } = await deps.challenges.verify(
    payload,
    request.form,
  );
  if (verdict !== 'verified' || !token || expiresAtMs === undefined) return { verdict };
  const claim = { key: `challenge#${token}`, owner: `${request.form}#${request.idempotencyKey}` };
  const claimed = await deps.store.claimOnce({ ...claim, expiresAtMs });
  if (claimed === 'taken') return { verdict: 'replayed' };
  return { verdict, proof: { claim, level: level ?? 0, retry: claimed === 'retry' } };
}

export interface VisitorMailPermit {
  /** Absent: the confirmation may be sent. */
  withheld?: WithheldReason;
  /**
   * The price rose past the proof's level before its confirmation was counted: nothing is
   * permitted, and the submission is to be sent again with a proof at the new price.
   */
  repriced?: true;
  /** Budget hits taken, to give back on a replay or when the paused visitor stream refuses. */
  tickets: RateLimitTicket[];
  /** The confirmation's count in the challenge price, to give back if the lead is not stored. */
  admission?: Admission;
}

/**
 * Whether the visitor's confirmation may go out: after a verified browser check, to an address
 * not suppressed, at a domain that takes mail, within the daily budget and the hourly ceiling
 * (decision 029). Only the confirmation is withheld, and counted; the lead still reaches sales
 * (decision 053).
 */
export async function permitVisitorMail(
  request: {
    form: LeadForm;
    browserCheck: BrowserCheck;
    emailHash: string;
    /**
     * The keyed hash of the address exactly as typed (`spellingHash`): a bounced tagged
     * spelling is listed by it under its mailbox.
     */
    spellingHash: string;
    /** The visitor's address, as validated: its domain is what the DNS check asks about. */
    visitorEmail: string;
    /** The level the verified proof was issued at: its confirmation is admitted at it. */
    proofLevel: number;
    nowMs: number;
  },
  deps: VisitorMailDeps,
): Promise<VisitorMailPermit> {
  const { store, metrics, budgets, log } = deps;
  if (request.browserCheck !== 'verified') {
    metrics.count('VisitorEmailUnverified', request.form);
    return { withheld: 'unverified', tickets: [] };
  }
  const suppressed = await suppressedAddress(request, deps);
  if (suppressed) return { withheld: suppressed, tickets: [] };
  if ((await acceptsMail(request.visitorEmail, deps)) === 'no') {
    metrics.count('VisitorEmailNoMailDomain', request.form);
    return { withheld: 'no-mail-domain', tickets: [] };
  }
  const recipient = await store.takeRateLimit({
    key: `visitor-mail#${request.emailHash}`,
    ...budgets.perAddress,
    nowMs: request.nowMs,
  });
  if (!recipient) {
    metrics.count('VisitorEmailBudgetExceeded', request.form);
    return { withheld: 'recipient-budget', tickets: [] };
  }
  const ceiling = await store.takeRateLimit({
    key: 'visitor-mail#all',
    ...budgets.perHour,
    nowMs: request.nowMs,
  });
  if (!ceiling) {
    metrics.count('VisitorEmailCeilingReached', request.form);
    log.warn('hourly ceiling of e-mails to visitors reached; confirmation withheld', {
      form: request.form,
      ceiling: budgets.perHour.max,
    });
    // The address did not get its e-mail, so the hit does not count against it.
    await store.releaseRateLimit(recipient).catch(() => undefined);
    return { withheld: 'hourly-ceiling', tickets: [] };
  }
  // Last, once all else lets it through: counted for the price in one conditional write, only
  // while the price with it is no dearer than the proof paid (decision 072).
  const admission = await deps.challenges.admitConfirmation(request.proofLevel, request.nowMs);
  if (!admission.admitted) {
    metrics.count('LeadRepriced', request.form);
    await Promise.all(
      [recipient, ceiling].map((ticket) => store.releaseRateLimit(ticket).catch(() => undefined)),
    );
    return { repriced: true, tickets: [] };
  }
  return { tickets: [recipient, ceiling], admission };
}

/**
 * Whether the address's domain accepts mail: asked only for a verified post and before any
 * budget is taken; anything but a clear `no` lets the confirmation go (decision 059).
 */
async function acceptsMail(
  visitorEmail: string,
  deps: Pick<VisitorMailDeps, 'mailDomains' | 'log'>,
): Promise<'yes' | 'no' | 'unknown'> {
  // SES answers its mailbox simulator itself; the mail never reaches the simulator's DNS.
  if (!deps.mailDomains || isMailboxSimulator(visitorEmail)) return 'unknown';
  const domain = visitorEmail.slice(visitorEmail.lastIndexOf('@') + 1);
  try {
    return await deps.mailDomains.acceptsMail(domain);
  } catch (error) {
    deps.log.warn('mail domain check failed; confirmation not held back', {
      error: error instanceof Error ? error.name : 'unknown',
    });
    return 'unknown';
  }
}

/**
 * Whether the address is on our suppression list, kept per mailbox (decision 073): a listed
 * address gets nothing and spends no budget. One read.
 */
async function suppressedAddress(
  request: { form: LeadForm; emailHash: string; spellingHash: string },
  deps: Pick<VisitorMailDeps, 'store' | 'metrics'>,
): Promise<WithheldReason | undefined> {
  const entry = await deps.store.findSuppression(request.emailHash);
  if (!entry) return undefined;
  const withheld: WithheldReason | undefined = entry.complained
    ? 'address-complained'
    : entry.bounced || entry.bouncedSpellings.includes(request.spellingHash)
      ? 'address-bounced'
      : undefined;
  if (withheld) deps.metrics.count('VisitorEmailSuppressed', request.form);
  return withheld;
}
