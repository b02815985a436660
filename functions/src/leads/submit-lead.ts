import type { FieldErrors } from '@kryon/shared/api';
import { HONEYPOT_FIELD } from '@kryon/shared/constants';
import { fieldErrors } from '@kryon/shared/field-errors';
import type { FormDefinition } from './forms.ts';
import { keyedHash, normaliseEmail, sha256 } from './hash.ts';
import { salesNotification, visitorEmail } from './notification.ts';
import type { LeadStore, Mailer, StoredLead } from './ports.ts';

export interface LeadConfig {
  /** Sales recipients for this form. */
  recipients: string[];
  retentionDays: number;
  /** Secret for the keyed hash of client IPs. */
  ipHashSecret: string;
  rateLimit: { max: number; windowMs: number };
  successMessage: string;
  /** Absolute origin of the site, for links in e-mails to visitors. */
  siteOrigin: string;
}

/** The few log calls the domain makes; Powertools' Logger fits this shape. */
export interface Log {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

export interface LeadDeps {
  store: LeadStore;
  mailer: Mailer;
  config: LeadConfig;
  log: Log;
  now: () => Date;
  newId: () => string;
}

export interface SubmitLeadRequest {
  definition: FormDefinition;
  /** The parsed JSON body, not yet validated. */
  body: unknown;
  idempotencyKey: string;
  userAgent?: string;
  sourceIp?: string;
}

export type SubmitLeadResult =
  | { kind: 'accepted'; submissionId: string; timestamp: string; replayed: boolean }
  | { kind: 'invalid'; details: FieldErrors }
  | { kind: 'rate-limited' }
  | { kind: 'conflict' };

/**
 * Takes one lead from any form: validate, dedupe, rate-limit, store, then notify sales.
 * The lead is stored before any e-mail, so a failed send never loses it: the item keeps
 * `emailStatus: 'failed'` (or 'pending' if even that update failed) for the re-send path.
 */
export async function submitLead(
  request: SubmitLeadRequest,
  deps: LeadDeps,
): Promise<SubmitLeadResult> {
  const { definition, idempotencyKey } = request;
  const { store, config, log } = deps;

  const parsed = definition.schema.safeParse(request.body);
  if (!parsed.success) return { kind: 'invalid', details: fieldErrors(parsed.error) };
  const data = parsed.data;
  const payloadHash = sha256(JSON.stringify(data));

  const previous = await store.findLead(definition.form, idempotencyKey);
  if (previous) return replay(previous, payloadHash);

  const email = normaliseEmail(definition.visitorEmail(data));
  const emailHash = sha256(email);
  const now = deps.now();
  const withinBudget = await store.takeRateLimit({
    key: `email#${emailHash}`,
    max: config.rateLimit.max,
    windowMs: config.rateLimit.windowMs,
    nowMs: now.getTime(),
  });
  if (!withinBudget) {
    log.info('lead rate-limited', { form: definition.form });
    return { kind: 'rate-limited' };
  }

  const spam = isHoneypotFilled(request.body);
  const lead: StoredLead = {
    form: definition.form,
    submissionId: deps.newId(),
    idempotencyKey,
    payloadHash,
    createdAt: now.toISOString(),
    fields: data,
    emailHash,
    userAgent: request.userAgent?.slice(0, 512),
    ipHash: request.sourceIp ? keyedHash(config.ipHashSecret, request.sourceIp) : undefined,
    spam,
    emailStatus: spam ? 'skipped' : 'pending',
    expiresAt: Math.floor(now.getTime() / 1000) + config.retentionDays * 86_400,
  };

  if (!(await store.createLead(lead))) {
    // A concurrent request with the same key won the race: answer as it did.
    const winner = await store.findLead(definition.form, idempotencyKey);
    if (winner) return replay(winner, payloadHash);
    throw new Error('lead vanished after a conditional-put conflict');
  }

  if (spam) {
    // A bot gets the answer a person gets, so it learns nothing; sales get nothing.
    log.info('lead flagged as spam', { form: lead.form, submissionId: lead.submissionId });
  } else {
    await notifySales(lead, definition, deps);
    await notifyVisitor(lead, definition, deps);
  }

  log.info('lead accepted', { form: lead.form, submissionId: lead.submissionId, spam });
  return {
    kind: 'accepted',
    submissionId: lead.submissionId,
    timestamp: lead.createdAt,
    replayed: false,
  };
}

async function notifySales(lead: StoredLead, definition: FormDefinition, deps: LeadDeps) {
  const { store, mailer, config, log } = deps;
  const email = salesNotification({
    definition,
    data: lead.fields,
    submissionId: lead.submissionId,
    createdAt: lead.createdAt,
    recipients: config.recipients,
  });
  try {
    const { messageId } = await mailer.send(email);
    await store.recordEmail(lead, { status: 'sent', messageId, at: deps.now().toISOString() });
  } catch (error) {
    log.error('sales e-mail failed; lead kept for re-sending', {
      form: lead.form,
      submissionId: lead.submissionId,
      error: errorName(error),
    });
    try {
      await store.recordEmail(lead, {
        status: 'failed',
        error: errorName(error),
        at: deps.now().toISOString(),
      });
    } catch (recordError) {
      // The item still says 'pending', which the re-send path also picks up.
      log.error('could not mark the lead for re-sending', {
        submissionId: lead.submissionId,
        error: errorName(recordError),
      });
    }
  }
}

/**
 * The visitor's own e-mail, when the form promises one. It is sent after the sales e-mail
 * and never fails the submission; a failure is logged for follow-up.
 */
async function notifyVisitor(lead: StoredLead, definition: FormDefinition, deps: LeadDeps) {
  if (!definition.visitorMessage) return;
  const { mailer, config, log } = deps;
  try {
    await mailer.send(
      visitorEmail({
        message: definition.visitorMessage(lead.fields, { siteOrigin: config.siteOrigin }),
        to: definition.visitorEmail(lead.fields),
        replyTo: config.recipients.slice(0, 1),
        form: lead.form,
      }),
    );
  } catch (error) {
    log.error('visitor e-mail failed', {
      form: lead.form,
      submissionId: lead.submissionId,
      error: errorName(error),
    });
  }
}

function replay(lead: StoredLead, payloadHash: string): SubmitLeadResult {
  if (lead.payloadHash !== payloadHash) return { kind: 'conflict' };
  return {
    kind: 'accepted',
    submissionId: lead.submissionId,
    timestamp: lead.createdAt,
    replayed: true,
  };
}

function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}

function errorName(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'unknown error';
}
