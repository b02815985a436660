import type { Confirmation } from '@kryon/shared/api';
import { sourceRows } from './attribution.ts';
import {
  PermanentSendError,
  RecipientNotVerifiedError,
  SenderNotVerifiedError,
  SendingPausedError,
  StreamPausedError,
} from './errors.ts';
import { type FormDefinition, visitorAddress } from './form-definition.ts';
import { derivedSecret } from './hash.ts';
import type { Audience, EmailStatus, MessageState, StoredLead } from './lead.ts';
import { salesNotices, salesNotification, visitorEmail } from './notification.ts';
import type { LeadStore, Log, Mailer, Metrics, OutgoingEmail } from './ports.ts';
import { describeError } from './redact.ts';
import { reportLinkUrl } from './report-link.ts';

export interface DeliveryConfig {
  /** Sales recipients of this lead's form. */
  recipients: string[];
  /** Absolute origin of the site, for links in e-mails to visitors. */
  siteOrigin: string;
  /** How a visitor's personal report links are signed, and for how many days they work. */
  reportLink: { key: string; days: number };
  /** After this many failed attempts a message is abandoned and left to a person. */
  maxAttempts: number;
  /** The IANA zone the sales e-mail gives times in (SALES_TIME_ZONE). */
  salesTimeZone: string;
  /** The sender name of e-mails to visitors, which ask for a reply (VISITOR_MAIL_FROM_NAME). */
  visitorMailFromName: string;
}

export interface DeliveryDeps {
  store: LeadStore;
  mailer: Mailer;
  log: Log;
  metrics: Metrics;
  now: () => Date;
}

export interface DeliveryResult {
  emailStatus: EmailStatus;
  /** Every message's state after this attempt, as recorded (or meant to be). */
  emails: StoredLead['emails'];
  sent: number;
  failed: number;
  /** False when the outcome could not be written (the lease then brings the lead back). */
  recorded: boolean;
}

/** The messages a lead of this form sends: always sales, and the visitor's if it has one. */
export function audiencesOf(definition: FormDefinition): Audience[] {
  return definition.visitorMessage ? ['sales', 'visitor'] : ['sales'];
}

/** The messages this lead still owes: not sent yet and not given up on. */
export function owedMessages(lead: StoredLead, definition: FormDefinition): Audience[] {
  return audiencesOf(definition).filter((audience) => isOwed(lead.emails?.[audience]));
}

function isOwed(state: MessageState | undefined): boolean {
  return !state || state.status === 'pending' || state.status === 'failed';
}

/** The message to one audience, as the lead's stored fields read. */
export function buildEmail(
  audience: Audience,
  lead: StoredLead,
  definition: FormDefinition,
  config: DeliveryConfig,
): OutgoingEmail {
  if (audience === 'sales') {
    return salesNotification({
      definition,
      data: lead.fields,
      extraRows: sourceRows(lead.attribution),
      submissionId: lead.submissionId,
      createdAt: lead.createdAt,
      recipients: config.recipients,
      timeZone: config.salesTimeZone,
      notices: salesNotices(lead, definition),
    });
  }
  if (!definition.visitorMessage) throw new Error(`${definition.form} sends no visitor e-mail`);
  return visitorEmail({
    message: definition.visitorMessage(lead.fields, {
      siteOrigin: config.siteOrigin,
      reportUrl: (item) => leadReportUrl(lead, item, config),
      reportLinkDays: config.reportLink.days,
    }),
    to: visitorAddress(definition, lead.fields),
    replyTo: config.recipients.slice(0, 1),
    form: lead.form,
    submissionId: lead.submissionId,
    fromName: config.visitorMailFromName,
  });
}

/** Whether the lead's sales notification waits for the next digest of held leads. */
export function isHeldForDigest(emails: StoredLead['emails']): boolean {
  return emails.sales?.status === 'held';
}

/**
 * The lead's personal report link, in its e-mail and its answer alike: it names the server-made
 * id and expires counted from the lead (decisions 031, 050). A spam lead's is signed with a key
 * no check accepts, so its answer reads like anyone's and opens nothing (decision 050).
 */
export function leadReportUrl(lead: StoredLead, item: string, config: DeliveryConfig): string {
  const key = lead.spam
    ? derivedSecret(config.reportLink.key, 'report-link-spam-decoy')
    : config.reportLink.key;
  return reportLinkUrl(
    config.siteOrigin,
    {
      lead: lead.submissionId,
      item,
      expiresAt: Math.floor(Date.parse(lead.createdAt) / 1000) + config.reportLink.days * 86_400,
    },
    key,
  );
}

/**
 * What the visitor may be told of their e-mail: `sent`, `pending` while owed, `not-sent` once
 * it never will be (decision 050). Undefined for a form that e-mails no visitor.
 */
export function confirmationOf(
  lead: StoredLead,
  definition: FormDefinition,
): Confirmation | undefined {
  if (!definition.visitorMessage) return undefined;
  if (lead.spam) return 'not-sent';
  const state = lead.emails?.visitor;
  if (state?.status === 'sent') return 'sent';
  return isOwed(state) ? 'pending' : 'not-sent';
}

/**
 * What the lead's e-mail state says as a whole, over the messages its form sends. A message
 * withheld or refused for good is settled: it owes nothing and needs no one. A message held
 * for the digest is still owed: pending, as the lead stays on the re-send list for it.
 */
export function overallStatus(
  emails: StoredLead['emails'],
  audiences: readonly Audience[],
): EmailStatus {
  const states = audiences
    .map((audience) => emails[audience]?.status ?? 'pending')
    .map((status) => (status === 'held' ? 'pending' : status))
    .filter((status) => status !== 'withheld' && status !== 'rejected');
  if (states.every((s) => s === 'sent')) return 'sent';
  if (states.includes('failed')) return 'failed';
  if (states.includes('pending')) return 'pending';
  return 'abandoned';
}

/**
 * Sends of one message tried before it is abandoned to a person: with retryDelayMs, about
 * 26.5 hours, so a day-long SES outage still ends in a sent e-mail (decision 033).
 */
export const MAX_SEND_ATTEMPTS = 14;

/** The longest wait between two attempts, so a message comes back at least four times a day. */
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Waiting time before the next attempt: none after the first failure (the next re-send run,
 * within 5 minutes), then doubling from a minute up to MAX_RETRY_DELAY_MS.
 */
export function retryDelayMs(attempts: number): number {
  if (attempts <= 1) return 0;
  return Math.min(60_000 * 2 ** (attempts - 2), MAX_RETRY_DELAY_MS);
}

/**
 * Sends the given messages of one lead (in parallel: neither waits for the other) and
 * records every outcome in one write, under the lease the caller holds. A failed send never
 * throws: it is recorded and the lead stays on the re-send list until every message is out.
 */
export async function deliver(
  lead: StoredLead,
  definition: FormDefinition,
  audiences: readonly Audience[],
  options: { leaseToken: string; resend: boolean; config: DeliveryConfig },
  deps: DeliveryDeps,
): Promise<DeliveryResult> {
  const { store, mailer, log, metrics } = deps;
  const { config } = options;
  const attempts = await Promise.all(
    audiences.map(async (audience) => {
      try {
        const email = buildEmail(audience, lead, definition, config);
        const { messageId } = await mailer.send(email);
        return {
          audience,
          messageId,
          error: undefined,
          permanent: false,
          waiting: false,
          paused: false,
          sandbox: false,
          sendingPaused: false,
        };
      } catch (error) {
        return {
          audience,
          messageId: undefined,
          error: describeError(error),
          // Only the visitor's address can be at fault: sales recipients are configuration,
          // and a refusal there is an outage that must keep alarming until fixed.
          permanent: audience === 'visitor' && error instanceof PermanentSendError,
          waiting: error instanceof SenderNotVerifiedError,
          // A paused visitor stream is the brake at work, not an outage; a paused sales
          // stream is an outage and is retried and alarms like any other failure.
          paused: audience === 'visitor' && error instanceof StreamPausedError,
          // The sandbox refuses an unverified visitor address until production access: a setup
          // step, not an outage; sales recipients are retried until ops verify them.
          sandbox: audience === 'visitor' && error instanceof RecipientNotVerifiedError,
          // SES refusing the account's mail (or a paused sales set) is an outage that says
          // nothing else: counted apart so its alarm names it (decision 081).
          sendingPaused:
            error instanceof SendingPausedError ||
            (audience === 'sales' && error instanceof StreamPausedError),
        };
      }
    }),
  );

  const at = deps.now().toISOString();
  const emails: StoredLead['emails'] = { ...lead.emails };
  let sent = 0;
  let failed = 0;
  for (const attempt of attempts) {
    const previous = emails[attempt.audience]?.attempts ?? 0;
    const count = previous + 1;
    if (attempt.error === undefined) {
      sent += 1;
      emails[attempt.audience] = {
        status: 'sent',
        attempts: count,
        messageId: attempt.messageId,
        at,
      };
      metrics.count(options.resend ? 'EmailResent' : 'EmailSent', lead.form);
      // What the visitor stream's delivery outcomes should follow: the brake's input (081).
      // A synthetic lead's is not: its outcome is counted apart (decision 080).
      if (attempt.audience === 'visitor' && !lead.synthetic) {
        metrics.count('VisitorEmailSent', lead.form);
      }
      continue;
    }
    failed += 1;
    if (attempt.paused) {
      // Withheld, never retried, no attempt counted: a confirmation days late, once the
      // stream resumes, helps nobody (decision 058).
      emails[attempt.audience] = {
        status: 'withheld',
        reason: 'visitor-stream-paused',
        attempts: previous,
        error: attempt.error,
        at,
      };
      metrics.count('VisitorEmailPaused', lead.form);
      log.warn('visitor e-mail withheld: sending to visitors is paused; not retried', {
        form: lead.form,
        submissionId: lead.submissionId,
        error: attempt.error,
      });
      continue;
    }
    if (attempt.sandbox) {
      // Withheld: a confirmation sent once production access comes, days later, helps nobody.
      emails[attempt.audience] = {
        status: 'withheld',
        reason: 'sandbox',
        attempts: count,
        error: attempt.error,
        at,
      };
      metrics.count('VisitorEmailSandboxRefused', lead.form);
      log.warn('visitor e-mail withheld: the SES account is in the sandbox; not retried', {
        form: lead.form,
        submissionId: lead.submissionId,
      });
      continue;
    }
    if (attempt.waiting) {
      // No attempt counted: verifying a domain can outlast any backoff (decision 033).
      emails[attempt.audience] = {
        status: 'pending',
        attempts: previous,
        waitingFor: 'sender-verification',
        error: attempt.error,
        at,
      };
      metrics.count('EmailAwaitingSender', lead.form);
      log.error(
        `${attempt.audience} e-mail waits: the sender identity is not verified for sending yet; kept for re-sending, no attempt counted`,
        {
          form: lead.form,
          submissionId: lead.submissionId,
          attempts: previous,
          error: attempt.error,
        },
      );
      continue;
    }
    if (attempt.permanent) {
      // Sending again would be refused again: settled, counted apart from the outage alarms.
      emails[attempt.audience] = { status: 'rejected', attempts: count, error: attempt.error, at };
      metrics.count('EmailRejected', lead.form);
      log.warn(`${attempt.audience} e-mail refused for good; not retried`, {
        form: lead.form,
        submissionId: lead.submissionId,
        error: attempt.error,
      });
      continue;
    }
    const abandoned = count >= config.maxAttempts;
    if (attempt.sendingPaused) metrics.count('EmailSendingPaused', lead.form);
    emails[attempt.audience] = {
      status: abandoned ? 'abandoned' : 'failed',
      attempts: count,
      error: attempt.error,
      at,
    };
    metrics.count(abandoned ? 'EmailAbandoned' : 'EmailFailed', lead.form);
    // The sales wording is what the deployed alarm's log filter matches.
    log.error(
      abandoned
        ? `${attempt.audience} e-mail abandoned after ${count} attempts; a person must follow up`
        : `${attempt.audience} e-mail failed; lead kept for re-sending`,
      {
        form: lead.form,
        submissionId: lead.submissionId,
        attempts: count,
        error: attempt.error,
      },
    );
  }

  const all = audiencesOf(definition);
  const stillOwed = all.filter((audience) => isOwed(emails[audience]));
  const emailStatus = overallStatus(emails, all);
  // A sales message held for the digest keeps the lead listed: the re-send run gathers it.
  const held = isHeldForDigest(emails);
  // A claimed lead sends every message it owes, so the most tried one sets the pace: sooner
  // would spend its attempts. Waiting messages pace nothing; alone, they are due at the next
  // run, which goes out within 5 minutes of the identity verifying.
  const maxAttempts = Math.max(
    0,
    ...stillOwed.filter((a) => !emails[a]?.waitingFor).map((a) => emails[a]?.attempts ?? 0),
  );
  let recorded = false;
  try {
    recorded = await store.recordSends(lead, {
      leaseToken: options.leaseToken,
      emails,
      emailStatus,
      owed: stillOwed.length > 0 || held,
      retryAtMs:
        stillOwed.length > 0 || held ? deps.now().getTime() + retryDelayMs(maxAttempts) : undefined,
      at,
    });
    if (!recorded) {
      log.warn('another sender took over the lead; its outcome was not recorded', {
        form: lead.form,
        submissionId: lead.submissionId,
      });
    }
  } catch (error) {
    // The lead keeps its lease and state; once the lease lapses the re-send takes it up.
    log.error('could not record the e-mail outcome; the re-send will take the lead up', {
      form: lead.form,
      submissionId: lead.submissionId,
      error: describeError(error),
    });
  }
  return { emailStatus, emails, sent, failed, recorded };
}
