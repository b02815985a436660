import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody, sampleBody } from '../../test/events.ts';
import { FakeLeadStore, FakeMailer, FakeMetrics } from '../../test/fake-lead-store.ts';
import {
  confirmationOf,
  type DeliveryConfig,
  type DeliveryDeps,
  deliver,
  MAX_SEND_ATTEMPTS,
  owedMessages,
  retryDelayMs,
} from './deliver.ts';
import {
  RecipientNotVerifiedError,
  SenderNotVerifiedError,
  SendingPausedError,
  StreamPausedError,
} from './errors.ts';
import type { FormDefinition } from './form-definition.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import type { MessageState, StoredLead } from './lead.ts';

const HOUR = 3_600_000;

/** From a message's first attempt to its last: the waits between all the attempts it gets. */
function timeBeforeGivingUpMs(maxAttempts: number): number {
  let total = 0;
  for (let attempts = 1; attempts < maxAttempts; attempts++) total += retryDelayMs(attempts);
  return total;
}

describe('the send backoff', () => {
  it('keeps trying a message for at least a day before it is abandoned', () => {
    // An outage of SES or a sender identity still verifying can last most of a day; a lead
    // given up on sooner waits for a person although a later attempt would have gone out.
    expect(timeBeforeGivingUpMs(MAX_SEND_ATTEMPTS)).toBeGreaterThanOrEqual(24 * HOUR);
  });
});

describe('the schedule the README and decision 033 describe', () => {
  it('gives up after 14 attempts, about 26.5 hours after the first', () => {
    expect(MAX_SEND_ATTEMPTS).toBe(14);
    expect(timeBeforeGivingUpMs(MAX_SEND_ATTEMPTS) / HOUR).toBeCloseTo(26.5, 1);
  });
});

const NOW = new Date('2026-11-02T09:00:00.000Z');
const LEASE = 'lease-1';
const CONFIG: DeliveryConfig = {
  recipients: ['sales@kryon.example'],
  siteOrigin: 'https://kryon.example',
  reportLink: { key: 'report-key', days: 7 },
  salesTimeZone: 'UTC',
  visitorMailFromName: 'Kryon Sales',
  maxAttempts: MAX_SEND_ATTEMPTS,
};

let store: FakeLeadStore;
let mailer: FakeMailer;
let metrics: FakeMetrics;
let deps: DeliveryDeps;

beforeEach(() => {
  store = new FakeLeadStore();
  mailer = new FakeMailer();
  metrics = new FakeMetrics();
  deps = {
    store,
    mailer,
    metrics,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => NOW,
  };
});

/** A stored lead under this test's lease, its messages in the given states. */
async function storedLead(
  definition: FormDefinition,
  body: Record<string, unknown>,
  emails: StoredLead['emails'],
): Promise<StoredLead> {
  const lead: StoredLead = {
    form: definition.form,
    submissionId: 'submission-1',
    idempotencyKey: 'key-1',
    payloadHash: 'hash',
    createdAt: NOW.toISOString(),
    fields: definition.schema.parse(body) as Record<string, unknown>,
    emailHash: 'email-hash',
    userAgent: undefined,
    ipHash: undefined,
    spam: false,
    browserCheck: 'verified',
    emailStatus: 'failed',
    emails,
    leaseToken: LEASE,
    leaseUntil: NOW.getTime() + 60_000,
    expiresAt: Math.floor(NOW.getTime() / 1000) + 86_400,
  };
  await store.createLead(lead);
  return lead;
}

async function deliverOwed(lead: StoredLead, definition: FormDefinition) {
  return deliver(
    lead,
    definition,
    owedMessages(lead, definition),
    { leaseToken: LEASE, resend: true, config: CONFIG },
    deps,
  );
}

const senderNotVerified = () =>
  new SenderNotVerifiedError({ cause: new Error('Email address is not verified.') });

describe('deliver, while SES refuses the sender identity as not verified', () => {
  it('keeps the message pending without counting an attempt, due again at the next run', async () => {
    mailer.failure = senderNotVerified();
    const failed: MessageState = { status: 'failed', attempts: MAX_SEND_ATTEMPTS - 1 };
    const lead = await storedLead(contactForm, contactBody(), { sales: failed });

    const result = await deliverOwed(lead, contactForm);

    expect(result).toMatchObject({ emailStatus: 'pending', sent: 0, failed: 1, recorded: true });
    expect(store.only()).toMatchObject({
      emailStatus: 'pending',
      pending: true,
      // Due at once: the next re-send run (every 5 minutes) tries again.
      leaseUntil: NOW.getTime(),
      emails: {
        sales: {
          status: 'pending',
          attempts: MAX_SEND_ATTEMPTS - 1,
          waitingFor: 'sender-verification',
          error: expect.stringContaining('SenderNotVerifiedError'),
        },
      },
    });
  });

  it('says why it waits: its own metric and log, none of the failure or rejection counts', async () => {
    mailer.failure = senderNotVerified();
    const lead = await storedLead(contactForm, contactBody(), {
      sales: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, contactForm);

    expect(metrics.counts).toEqual({ 'EmailAwaitingSender:contact': 1 });
    expect(deps.log.error).toHaveBeenCalledWith(
      'sales e-mail waits: the sender identity is not verified for sending yet; kept for re-sending, no attempt counted',
      expect.objectContaining({ form: 'contact', submissionId: 'submission-1', attempts: 0 }),
    );
  });

  it('never takes the visitor’s message for refused for good', async () => {
    mailer.failure = senderNotVerified();
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'sent', attempts: 1 },
      visitor: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, demoForm);

    expect(store.only()).toMatchObject({
      emailStatus: 'pending',
      pending: true,
      emails: { visitor: { status: 'pending', attempts: 0, waitingFor: 'sender-verification' } },
    });
    expect(metrics.counts['EmailRejected:demo']).toBeUndefined();
  });

  it('lets a failed message beside a waiting one keep its own backoff', async () => {
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'pending', attempts: 2, waitingFor: 'sender-verification' },
      visitor: { status: 'failed', attempts: 4 },
    });
    // Sales still waits; the visitor's message fails for another reason.
    mailer.send = async (email) => {
      throw email.to.includes('sales@kryon.example') ? senderNotVerified() : new Error('throttled');
    };

    await deliverOwed(lead, demoForm);

    expect(store.only()).toMatchObject({
      emails: {
        sales: { status: 'pending', attempts: 2, waitingFor: 'sender-verification' },
        visitor: { status: 'failed', attempts: 5 },
      },
      // Not at once: that would spend the visitor's attempts every 5 minutes.
      leaseUntil: NOW.getTime() + retryDelayMs(5),
    });
  });

  it('sends, counting the attempt, once the sender is verified', async () => {
    const lead = await storedLead(contactForm, contactBody(), {
      sales: { status: 'pending', attempts: 3, waitingFor: 'sender-verification' },
    });

    await deliverOwed(lead, contactForm);

    expect(mailer.sent).toHaveLength(1);
    const sales = store.only().emails.sales;
    expect(sales).toMatchObject({ status: 'sent', attempts: 4 });
    expect(sales?.waitingFor).toBeUndefined();
    expect(store.only()).toMatchObject({ emailStatus: 'sent', pending: false });
  });
});

describe('deliver, while the SES account is in the sandbox', () => {
  const sandbox = () =>
    new RecipientNotVerifiedError({
      cause: new Error('Email address is not verified. ... in region EU-WEST-1: ada@example.com'),
    });

  it('withholds the visitor’s confirmation, not retried and not a failed send; sales are still mailed', async () => {
    mailer.send = async (email) => {
      if (email.stream === 'visitor') throw sandbox();
      return { messageId: 'sales-1' };
    };
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'pending', attempts: 0 },
      visitor: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, demoForm);

    const stored = store.only();
    expect(stored).toMatchObject({
      emailStatus: 'sent',
      pending: false,
      emails: {
        sales: { status: 'sent' },
        visitor: { status: 'withheld', reason: 'sandbox', attempts: 1 },
      },
    });
    expect(confirmationOf(stored, demoForm)).toBe('not-sent');
    expect(metrics.counts).toEqual({
      'EmailResent:demo': 1,
      'VisitorEmailSandboxRefused:demo': 1,
    });
  });

  it('retries a sales recipient the sandbox refused, until ops verify it', async () => {
    mailer.failure = sandbox();
    const lead = await storedLead(contactForm, contactBody(), {
      sales: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, contactForm);

    expect(store.only()).toMatchObject({
      emailStatus: 'failed',
      pending: true,
      emails: { sales: { status: 'failed', attempts: 1 } },
    });
    expect(metrics.counts).toMatchObject({ 'EmailFailed:contact': 1 });
  });
});

describe('deliver, while a mail stream is paused', () => {
  const paused = (stream: 'sales' | 'visitor') =>
    new StreamPausedError(stream, {
      cause: new Error('Sending is paused for configuration set x'),
    });

  it('withholds the visitor’s message for good and still sends the sales one', async () => {
    mailer.send = async (email) => {
      if (email.stream === 'visitor') throw paused('visitor');
      return { messageId: 'sales-1' };
    };
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'pending', attempts: 0 },
      visitor: { status: 'pending', attempts: 0 },
    });

    const result = await deliverOwed(lead, demoForm);

    expect(result).toMatchObject({ emailStatus: 'sent', sent: 1, failed: 1, recorded: true });
    const stored = store.only();
    expect(stored).toMatchObject({
      emailStatus: 'sent',
      // Owes nothing: no re-send run comes back for a confirmation that would be days late.
      pending: false,
      emails: {
        sales: { status: 'sent', attempts: 1, messageId: 'sales-1' },
        visitor: {
          status: 'withheld',
          reason: 'visitor-stream-paused',
          attempts: 0,
          error: expect.stringContaining('StreamPausedError'),
        },
      },
    });
    expect(confirmationOf(stored, demoForm)).toBe('not-sent');
    expect(metrics.counts).toEqual({ 'EmailResent:demo': 1, 'VisitorEmailPaused:demo': 1 });
    expect(deps.log.warn).toHaveBeenCalledWith(
      'visitor e-mail withheld: sending to visitors is paused; not retried',
      expect.objectContaining({ form: 'demo', submissionId: 'submission-1' }),
    );
    expect(deps.log.error).not.toHaveBeenCalled();
  });

  it('keeps a paused sales stream an outage: failed, owed, retried and alarming', async () => {
    mailer.failure = paused('sales');
    const lead = await storedLead(contactForm, contactBody(), {
      sales: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, contactForm);

    expect(store.only()).toMatchObject({
      emailStatus: 'failed',
      pending: true,
      emails: { sales: { status: 'failed', attempts: 1 } },
    });
    // Its own count beside the failure: the alarm says sending is paused (decision 081).
    expect(metrics.counts).toEqual({ 'EmailFailed:contact': 1, 'EmailSendingPaused:contact': 1 });
    expect(deps.log.error).toHaveBeenCalledWith(
      'sales e-mail failed; lead kept for re-sending',
      expect.anything(),
    );
  });

  it('retries both messages when SES pauses the account, counting each as paused', async () => {
    mailer.failure = new SendingPausedError({ cause: new Error('SendingPausedException') });
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'pending', attempts: 0 },
      visitor: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, demoForm);

    // Not the brake: the visitor's message is owed and retried like the sales one.
    expect(store.only()).toMatchObject({
      pending: true,
      emails: {
        sales: { status: 'failed', attempts: 1 },
        visitor: { status: 'failed', attempts: 1 },
      },
    });
    expect(metrics.counts).toEqual({ 'EmailFailed:demo': 2, 'EmailSendingPaused:demo': 2 });
  });
});

describe('deliver, counting what the brake reads', () => {
  it('counts a confirmation SES accepted as VisitorEmailSent, a sales message not', async () => {
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'pending', attempts: 0 },
      visitor: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, demoForm);

    expect(mailer.sent).toHaveLength(2);
    expect(metrics.counts['VisitorEmailSent:demo']).toBe(1);
  });

  it('does not count a confirmation that was not sent', async () => {
    mailer.failure = new Error('throttled');
    const lead = await storedLead(demoForm, sampleBody('demo'), {
      sales: { status: 'sent', attempts: 1 },
      visitor: { status: 'pending', attempts: 0 },
    });

    await deliverOwed(lead, demoForm);

    expect(metrics.counts['VisitorEmailSent:demo']).toBeUndefined();
  });
});
