/**
 * The lead events a destination receives (Slack, a CRM, Zapier, n8n): a documented, versioned
 * JSON payload built from a stored lead and its form definition. It carries what sales read in
 * the e-mail and nothing the site keeps for itself: no IP, e-mail or network hash, no user
 * agent, no spam or browser-check verdict, no idempotency key, lease or secret.
 *
 * Versioning: `version` is 1. Adding a key is not a new version (a receiver ignores keys it
 * does not know, as this schema's objects do); renaming, removing or retyping one is.
 */
import { LEAD_FORMS } from '@kryon/shared/api';
import { type Attribution, keptAttribution } from '@kryon/shared/attribution';
import { fieldNames } from '@kryon/shared/forms/lead-form';
import { leadPriority } from '@kryon/shared/lead-priority';
import * as z from 'zod/mini';
import { type FormDefinition, isTyped, shown, visitorAddress } from './form-definition.ts';
import { sha256 } from './hash.ts';
import type { StoredLead } from './lead.ts';

export const LEAD_EVENT_VERSION = 1;

/**
 * The event types of version 1: a lead accepted; what became of the visitor's confirmation
 * (delivered, bounced, or marked as spam); the research report first opened; the lead erased.
 */
export const LEAD_EVENT_TYPES = [
  'lead.accepted',
  'lead.delivery',
  'lead.report-opened',
  'lead.erased',
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

const EVENT_ID = /^evt_[0-9a-f]{32}$/;

/**
 * The event's id, the same every time the same event is built: a retried publish, a replay
 * or a second delivery carry the same id (the `webhook-id` header too), so a receiver that
 * keeps the ids it has seen drops a repeat. `key` tells apart events of one type that a
 * lead may have several of (`lead.delivery`: `visitor:<outcome>`, one per outcome of the
 * visitor's e-mail: delivered, bounced or complained); an accepted lead has one. Hashed so
 * every id has one shape, whatever the lead id looks like.
 */
export function leadEventId(leadId: string, type: LeadEventType | string, key?: string): string {
  const name = ['kryon.lead-event', type, leadId, ...(key === undefined ? [] : [key])].join('\n');
  return `evt_${sha256(name).slice(0, 32)}`;
}

const text = z.string();
const optionalText = z.optional(z.string());

/** One field of the form as sales read it: the definition's label, the value as shown. */
const leadEventField = z.object({
  /** The form's field name: stable, what a mapping in a CRM or Zapier keys on. */
  name: text,
  /** Its short name as sales read it (the sales e-mail's label); may be reworded. */
  label: text,
  /** The value as the sales e-mail shows it: an option's label, labels joined, Yes or No. */
  value: text,
  /**
   * True for text the visitor typed (not chosen from the site's lists): a receiver shows it
   * as text, never as markup, a mention or a live link.
   */
  typed: z.boolean(),
});
export type LeadEventField = z.output<typeof leadEventField>;

const attribution = z.object({
  landingPath: optionalText,
  referrerOrigin: optionalText,
  utmSource: optionalText,
  utmMedium: optionalText,
  utmCampaign: optionalText,
  utmTerm: optionalText,
  utmContent: optionalText,
  formPath: optionalText,
} satisfies Record<keyof Attribution, unknown>);

/** What every event of version 1 carries, whatever its type. */
const envelope = {
  version: z.literal(LEAD_EVENT_VERSION),
  id: z.string().check(z.regex(EVENT_ID)),
  /**
   * When it happened (for `lead.accepted`: when the lead was stored). Not when it was sent:
   * that is the `webhook-timestamp` header, which a re-delivery renews.
   */
  occurredAt: z.iso.datetime(),
  /** The lead's id (its submission id), the same across all of its events. */
  leadId: text,
  form: z.enum(LEAD_FORMS),
};

export const leadAcceptedEvent = z.object({
  ...envelope,
  type: z.literal('lead.accepted'),
  /** How sales call the form's leads ("Demo request"). */
  formTitle: text,
  /** The shared priority rule's verdict (shared/src/lead-priority.ts); never for some forms. */
  priority: z.object({ priority: z.boolean(), reasons: z.array(text) }),
  /**
   * True when sales hear of it in the hourly digest, not one by one: an unverified lead past
   * the hour's budget of single notifications (decision 090). Slack destinations post none of
   * these, so scripted posts cannot flood a channel; a CRM may file them apart. Always sent;
   * optional to read, as every key added to v1 is, so an older event still reads.
   */
  heldForDigest: z.optional(z.boolean()),
  /** Who sent it, as the sales e-mail's contact block names them. */
  contact: z.object({
    name: text,
    email: text,
    company: optionalText,
    title: optionalText,
    phone: optionalText,
  }),
  /** The facts of the summary line, most decisive first (option labels, never typed text). */
  summary: z.array(text),
  /** Every field with a value, in the order the form asks them. */
  fields: z.array(leadEventField),
  /** Where the visit came from, when the browser said (landing page, referrer, utm_*). */
  attribution: z.optional(attribution),
});
export type LeadAcceptedEvent = z.output<typeof leadAcceptedEvent>;

/** The outcomes of the visitor's confirmation a `lead.delivery` event reports. */
export const CONFIRMATION_OUTCOMES = ['delivered', 'bounced', 'complained'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/**
 * What became of the e-mail the visitor was sent (their confirmation, or the download's
 * link): the receiving server took it, it bounced (the address may be mistyped or fake), or
 * its reader marked it as spam. One event per outcome; `occurredAt` is when SES said so.
 */
export const leadDeliveryEvent = z.object({
  ...envelope,
  type: z.literal('lead.delivery'),
  audience: z.literal('visitor'),
  outcome: z.enum(CONFIRMATION_OUTCOMES),
  /** For a bounce: `permanent` (the address does not take mail) or not. */
  bounceType: z.optional(z.enum(['permanent', 'transient', 'undetermined'])),
});
export type LeadDeliveryEvent = z.output<typeof leadDeliveryEvent>;

/**
 * The visitor opened the research report their personal link names, for the first time: the
 * strongest sign of intent the site sees. Later opens send nothing.
 */
export const leadReportOpenedEvent = z.object({
  ...envelope,
  type: z.literal('lead.report-opened'),
  /** The report's id in the research catalogue. */
  reportId: text,
});
export type LeadReportOpenedEvent = z.output<typeof leadReportOpenedEvent>;

/**
 * The lead was erased at the visitor's request: a receiver deletes what it kept of it (every
 * event with this `leadId`). `occurredAt` is when the erase ran. It is final: a receiver keeps
 * the `leadId` and drops any event of it that comes later. A Slack or signed-webhook
 * destination is sent none (its delivery asks first), but an `api` destination is sent by
 * EventBridge, which cannot ask: a retry or a replay may bring an earlier event after this one.
 */
export const leadErasedEvent = z.object({
  ...envelope,
  type: z.literal('lead.erased'),
});
export type LeadErasedEvent = z.output<typeof leadErasedEvent>;

/**
 * The schema of every lead event a destination receives: what a receiver (and the tests)
 * validate a delivery's body with. A union on `type`, so a new type is one more member.
 */
export const leadEvent = z.discriminatedUnion('type', [
  leadAcceptedEvent,
  leadDeliveryEvent,
  leadReportOpenedEvent,
  leadErasedEvent,
]);
export type LeadEvent = z.output<typeof leadEvent>;

/**
 * The `lead.accepted` event of a stored lead, or nothing for a lead no destination is to
 * see: spam (kept for review, never mailed) and a synthetic lead (a verify run's or the
 * canary's, nobody's lead). Built from the stored lead alone, so building it again, on a
 * retry or a replay, gives the same event byte for byte.
 */
export function leadAccepted(
  lead: StoredLead,
  definition: FormDefinition,
): LeadAcceptedEvent | undefined {
  if (lead.spam || lead.synthetic) return undefined;
  if (definition.form !== lead.form) {
    throw new Error(`A ${lead.form} lead cannot be read with the ${definition.form} form`);
  }
  const data = lead.fields;
  const { sales } = definition;
  const value = (name: string | undefined) => shown(definition, name, data) || undefined;
  const fields = fieldNames(definition).flatMap((name): LeadEventField[] => {
    const spec = definition.fields[name];
    const shownValue = value(name);
    return spec && shownValue
      ? [{ name, label: spec.label, value: shownValue, typed: isTyped(spec) }]
      : [];
  });
  // A stored item may be older than the rules or edited by hand: only valid parts leave.
  const kept = keptAttribution(lead.attribution);
  return {
    version: LEAD_EVENT_VERSION,
    id: leadEventId(lead.submissionId, 'lead.accepted'),
    type: 'lead.accepted',
    occurredAt: lead.createdAt,
    leadId: lead.submissionId,
    form: lead.form,
    formTitle: definition.title,
    priority: leadPriority(definition.priority?.(data) ?? {}),
    heldForDigest: lead.emails?.sales?.status === 'held',
    contact: {
      name: value(sales.contact.name) ?? '',
      email: visitorAddress(definition, data),
      company: value(sales.company),
      title: value(sales.contact.title),
      phone: value(sales.contact.phone),
    },
    summary: sales.summary.flatMap((name) => value(name) ?? []),
    fields,
    ...(kept ? { attribution: kept } : {}),
  };
}

/** The `lead.delivery` event of one outcome of the visitor's e-mail. */
export function leadDelivery(
  lead: Pick<StoredLead, 'form' | 'submissionId'>,
  delivery: {
    outcome: ConfirmationOutcome;
    at: string;
    bounceType?: LeadDeliveryEvent['bounceType'];
  },
): LeadDeliveryEvent {
  return {
    version: LEAD_EVENT_VERSION,
    id: leadEventId(lead.submissionId, 'lead.delivery', `visitor:${delivery.outcome}`),
    type: 'lead.delivery',
    occurredAt: delivery.at,
    leadId: lead.submissionId,
    form: lead.form,
    audience: 'visitor',
    outcome: delivery.outcome,
    ...(delivery.bounceType ? { bounceType: delivery.bounceType } : {}),
  };
}

/** The `lead.report-opened` event: the first open of the lead's report. */
export function leadReportOpened(
  lead: Pick<StoredLead, 'form' | 'submissionId'>,
  reportId: string,
  at: string,
): LeadReportOpenedEvent {
  return {
    version: LEAD_EVENT_VERSION,
    id: leadEventId(lead.submissionId, 'lead.report-opened'),
    type: 'lead.report-opened',
    occurredAt: at,
    leadId: lead.submissionId,
    form: lead.form,
    reportId,
  };
}

/** The `lead.erased` event: the same id however often the erase runs. */
export function leadErased(
  lead: Pick<StoredLead, 'form' | 'submissionId'>,
  at: string,
): LeadErasedEvent {
  return {
    version: LEAD_EVENT_VERSION,
    id: leadEventId(lead.submissionId, 'lead.erased'),
    type: 'lead.erased',
    occurredAt: at,
    leadId: lead.submissionId,
    form: lead.form,
  };
}
