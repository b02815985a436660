import type { FormDefinition, VisitorMessage } from './form-definition.ts';
import type { OutgoingEmail } from './ports.ts';

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

/**
 * A header value built from visitor input: the schemas already strip line breaks from
 * single-line fields; this is the second line of defence for anything that reaches a
 * header, so no input can ever add a header to the message.
 */
export function headerSafe(value: string, max = 200): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
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
}

/** The e-mail sales read for one accepted submission: every field, laid out, escaped. */
export function salesNotification(input: SalesNotificationInput): OutgoingEmail {
  const { definition, data, submissionId, createdAt } = input;
  const rows = definition.fields
    .map((f) => ({ label: f.label, value: f.value(data) }))
    .filter((r): r is { label: string; value: string } => Boolean(r.value));

  const text = [
    `New ${definition.title.toLowerCase()} from the Kryon website.`,
    '',
    ...rows.map((r) => `${r.label}:\n${r.value}\n`),
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
    `<table role="presentation" cellspacing="0" cellpadding="0">${htmlRows}</table>` +
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
