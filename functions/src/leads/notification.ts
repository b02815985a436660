import type { Attribution } from '@kryon/shared/attribution';
import { cleanLine } from '@kryon/shared/text';
import { sourceLine } from './attribution.ts';
import type { FormDefinition, VisitorMessage } from './form-definition.ts';
import type { BrowserCheck, OutgoingEmail, StoredLead, WithheldReason } from './ports.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Half of a surrogate pair without its other half: text no mail header can carry. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A header value built from visitor input: the schemas already strip line breaks from
 * single-line fields; this is the second line of defence for anything that reaches a
 * header, so no input can ever add a header to the message.
 */
export function headerSafe(value: string, max = 200): string {
  // The shared text rule again: no line breaks, no invisible or direction-changing
  // characters, no RFC 2047 encoded word a mail client would decode in the subject.
  const flat = cleanLine(value.replace(LONE_SURROGATE, '\ufffd'));
  // Cut by code point, so an emoji at the limit is dropped whole, never halved.
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

export interface SalesNotificationInput {
  definition: FormDefinition;
  data: Record<string, unknown>;
  submissionId: string;
  createdAt: string;
  recipients: string[];
  /** Said first, before the fields: what sales must know about how this lead came in. */
  notices?: string[];
  /** Where the visit came from: one line after the fields (leads/attribution.ts). */
  attribution?: Attribution;
}

const BROWSER_CHECK_FAILURES: Record<Exclude<BrowserCheck, 'verified'>, string> = {
  missing: 'no solution was sent',
  malformed: 'the solution could not be read',
  invalid: 'the solution was wrong',
  expired: 'the challenge had expired',
  'wrong-form': 'the challenge was for another form',
  replayed: 'the challenge was already used',
};

const WITHHELD: Record<WithheldReason, string> = {
  unverified: 'No e-mail was sent to the address given.',
  'recipient-budget':
    'No confirmation was sent to the visitor: this address already received its confirmations for today.',
  'hourly-ceiling':
    'No confirmation was sent to the visitor: the hourly limit of e-mails to visitors was reached.',
};

/**
 * What sales must know before reading a lead: that it was not verified by the browser check
 * (a script, an API client or an old tab sent it), and whether the visitor got no e-mail.
 */
export function salesNotices(
  lead: Pick<StoredLead, 'browserCheck' | 'emails'>,
  definition: Pick<FormDefinition, 'visitorMessage'>,
): string[] {
  const notices: string[] = [];
  if (lead.browserCheck && lead.browserCheck !== 'verified') {
    notices.push(
      `Not verified by the browser check: ${BROWSER_CHECK_FAILURES[lead.browserCheck]}.`,
    );
  }
  const visitor = lead.emails.visitor;
  if (definition.visitorMessage && visitor?.status === 'withheld' && visitor.reason) {
    notices.push(WITHHELD[visitor.reason]);
  }
  return notices;
}

/** The e-mail sales read for one accepted submission: every field, laid out, escaped. */
export function salesNotification(input: SalesNotificationInput): OutgoingEmail {
  const { definition, data, submissionId, createdAt } = input;
  const notices = input.notices ?? [];
  const source = sourceLine(input.attribution);
  const rows = definition.fields
    .map((f) => ({ label: f.label, value: f.value(data) }))
    .filter((r): r is { label: string; value: string } => Boolean(r.value));

  const text = [
    `New ${definition.title.toLowerCase()} from the Kryon website.`,
    '',
    ...notices.flatMap((notice) => [`! ${notice}`, '']),
    ...rows.map((r) => `${r.label}:\n${r.value}\n`),
    ...(source ? [source, ''] : []),
    `Submission: ${submissionId}`,
    `Received: ${createdAt}`,
  ].join('\n');

  const htmlRows = rows
    .map(
      (r) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#475569;font-weight:600">${escapeHtml(r.label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(r.value)}</td></tr>`,
    )
    .join('');
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">' +
    `<h1 style="font-size:18px">New ${escapeHtml(definition.title.toLowerCase())}</h1>` +
    notices
      .map(
        (notice) =>
          `<p style="padding:8px 12px;background:#fef3c7;color:#78350f;font-weight:600">${escapeHtml(notice)}</p>`,
      )
      .join('') +
    `<table role="presentation" cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    (source ? `<p style="color:#334155">${escapeHtml(source)}</p>` : '') +
    `<p style="color:#64748b;font-size:12px">Submission ${escapeHtml(submissionId)}, received ${escapeHtml(createdAt)}</p>` +
    '</body></html>';

  return {
    to: input.recipients,
    replyTo: [definition.visitorEmail(data)],
    subject: headerSafe(definition.salesSubject(data)),
    text,
    html,
    tags: { form: definition.form, audience: 'sales' },
  };
}

const VISITOR_FOOTER =
  'You receive this e-mail because this address was entered in a form on the Kryon website.';

/**
 * The e-mail a visitor receives (download link, confirmation of their request): the message,
 * what they asked for as a list, what happens next. Replies reach sales.
 */
export function visitorEmail(input: {
  message: VisitorMessage;
  to: string;
  replyTo: string[];
  form: string;
}): OutgoingEmail {
  const { message } = input;
  const recap = message.recap ?? [];
  const closing = message.closing ?? [];
  const text = [
    message.greeting,
    '',
    ...message.paragraphs.flatMap((p) => [p, '']),
    ...(recap.length > 0 ? [...recap.map((r) => `${r.label}: ${r.value}`), ''] : []),
    ...(message.link ? [`${message.link.label}: ${message.link.url}`, ''] : []),
    ...closing.flatMap((p) => [p, '']),
    'The Kryon team',
    '',
    '--',
    VISITOR_FOOTER,
  ].join('\n');

  const recapRows = recap
    .map(
      (r) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(r.label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(r.value)}</td></tr>`,
    )
    .join('');
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">' +
    `<p>${escapeHtml(message.greeting)}</p>` +
    message.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (recapRows
      ? `<table role="presentation" cellspacing="0" cellpadding="0">${recapRows}</table>`
      : '') +
    (message.link
      ? `<p><a href="${escapeHtml(message.link.url)}">${escapeHtml(message.link.label)}</a></p>`
      : '') +
    closing.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    '<p>The Kryon team</p>' +
    `<p style="color:#64748b;font-size:12px">${escapeHtml(VISITOR_FOOTER)}</p>` +
    '</body></html>';
  return {
    to: [input.to],
    replyTo: input.replyTo,
    subject: headerSafe(message.subject),
    text,
    html,
    tags: { form: input.form, audience: 'visitor' },
  };
}
