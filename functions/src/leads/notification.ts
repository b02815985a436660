import { leadPriority } from '@kryon/shared/lead-priority';
import { cleanLine, wellFormedText } from '@kryon/shared/text';
import {
  type FormDefinition,
  isTyped,
  type LeadData,
  senderOf,
  shown,
  type VisitorMessage,
  visitorAddress,
} from './form-definition.ts';
import type { BrowserCheck, StoredLead, WithheldReason } from './lead.ts';
import type { OutgoingEmail } from './ports.ts';
import { formatSalesTime } from './sales-time.ts';
import { defangLinks, inlineQuote, isMultiline, quoteLines } from './visitor-text.ts';

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

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Length as a mail client counts characters: by code point, an emoji one. */
function length(value: string): number {
  return Array.from(value).length;
}

/**
 * At most `max` code points, cut between two graphemes with an ellipsis: a flag or an
 * accented letter is dropped whole, never halved.
 */
export function cutText(value: string, max: number): string {
  if (length(value) <= max) return value;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(value)) {
    const size = length(segment);
    if (used + size > max - 1) break;
    out += segment;
    used += size;
  }
  return `${out.trimEnd()}…`;
}

/**
 * A header value built from visitor input: the schemas already strip line breaks from
 * single-line fields; this is the second line of defence for anything that reaches a
 * header, so no input can ever add a header to the message.
 */
export function headerSafe(value: string, max = 200): string {
  // The shared text rule again: no lone surrogate, no line breaks, no invisible or
  // direction-changing characters, no RFC 2047 encoded word a mail client would decode.
  return cutText(cleanLine(value), max);
}

export interface SalesNotificationInput {
  definition: FormDefinition;
  data: Record<string, unknown>;
  submissionId: string;
  createdAt: string;
  recipients: string[];
  /** The IANA zone sales read times in (SALES_TIME_ZONE). */
  timeZone: string;
  /** Said first, before the fields: what sales must know about how this lead came in. */
  notices?: string[];
  /**
   * Rows that are not the form's own fields (where the lead came from, say): shown first
   * among the details, in the plain text and the HTML alike. Their values are what the
   * request carried, so they are shown as quoted visitor text.
   */
  extraRows?: { label: string; value: string }[];
}

export const BROWSER_CHECK_FAILURES: Record<Exclude<BrowserCheck, 'verified'>, string> = {
  missing: 'no solution was sent',
  malformed: 'the solution could not be read',
  invalid: 'the solution was wrong',
  expired: 'the challenge had expired',
  'wrong-form': 'the challenge was for another form',
  underpriced: 'the challenge was issued at a lower price than proof of work costs now',
  replayed: 'the challenge was already used',
};

const WITHHELD: Record<WithheldReason, string> = {
  unverified: 'No e-mail was sent to the address given.',
  'recipient-budget':
    'No confirmation was sent to the visitor: this address already received its confirmations for today.',
  'hourly-ceiling':
    'No confirmation was sent to the visitor: the hourly limit of e-mails to visitors was reached.',
  'visitor-stream-paused':
    'No confirmation was sent to the visitor: e-mail to visitors is paused (bounce or complaint rate too high).',
  'no-mail-domain':
    "No confirmation was sent to the visitor: the address's domain accepts no e-mail (a typo?).",
  'address-bounced':
    'No confirmation was sent to the visitor: an earlier e-mail to this address bounced (the address does not take mail).',
  'address-complained':
    'No confirmation was sent to the visitor: the owner of this address marked an earlier e-mail of ours as spam.',
  // Never read by sales (a synthetic lead sends them nothing); the export says it.
  synthetic: 'A synthetic lead to the SES mailbox simulator (a verify run or the canary).',
  sandbox:
    'No confirmation was sent to the visitor: the SES account is still in the sandbox, which mails only verified addresses.',
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

/** The most of the visitor's company (or name) a subject shows: past it, an ellipsis. */
export const SUBJECT_COMPANY_MAX = 50;
/** What the company keeps of the subject when the qualifier is long (a report title). */
export const SUBJECT_COMPANY_MIN = 20;
/** The longest subject: a report title or interest list past this is cut. */
export const SUBJECT_MAX = 90;
const SUBJECT_SEPARATOR = ' · ';
/** What marks a priority lead first, in a subject or a Slack message's fallback text. */
export const PRIORITY_MARKER = '[Priority] ';
const SUBJECT_FROM = `${SUBJECT_SEPARATOR}from `;

/**
 * The sales subject, the system's words first and the sender last, quoted (decision 054):
 * `[Priority] Demo request · 100+ AWS accounts · from “Northwind Finance”`.
 */
export function salesSubject(definition: FormDefinition, data: LeadData): string {
  const { sales } = definition;
  const marker = priorityOf(definition, data).priority ? PRIORITY_MARKER : '';
  const head = `${marker}${definition.subjectName}`;
  const who = headerSafe(defangLinks(senderOf(definition, data)), Infinity);
  const whoRoom = Math.min(length(who), SUBJECT_COMPANY_MIN);
  let subject = head;
  const qualifier = shown(definition, sales.qualifier, data);
  // `2`: the quotation marks around the visitor's words.
  const room =
    SUBJECT_MAX - length(head) - length(SUBJECT_SEPARATOR) - length(SUBJECT_FROM) - 2 - whoRoom;
  // A qualifier cut to a few letters says nothing: leave it to the body then.
  if (qualifier && room >= 12) {
    subject += SUBJECT_SEPARATOR + headerSafe(qualifier, room);
  }
  if (who) {
    const left = SUBJECT_MAX - length(subject) - length(SUBJECT_FROM) - 2;
    subject += SUBJECT_FROM + inlineQuote(cutText(who, Math.min(SUBJECT_COMPANY_MAX, left)));
  }
  return headerSafe(subject);
}

/** The shared priority rule applied to a lead's answers, as its form passes them. */
export function priorityOf(definition: FormDefinition, data: LeadData) {
  return leadPriority(definition.priority?.(data) ?? {});
}

/**
 * One labelled line of a sales e-mail, and how its value is drawn: `visitor`, text the
 * visitor typed (quoted, its links disabled); `text`, the system's words (an option's label);
 * `email`, the schema-checked address (a `mailto:` reply link); `phone`, a `tel:` link.
 */
interface Row {
  label: string;
  value: string;
  kind: 'visitor' | 'text' | 'email' | 'phone';
}

/** A field of the form as a row: visitor text if typed, else the system's words. */
function fieldRow(definition: FormDefinition, name: string, data: LeadData, label?: string): Row {
  const spec = definition.fields[name];
  return {
    label: label ?? spec?.label ?? name,
    value: shown(definition, name, data) ?? '',
    kind: isTyped(spec) ? 'visitor' : 'text',
  };
}

/**
 * The contact's phone: a `tel:` link only where the field is a phone field, whose schema
 * checks the number; any other field is the visitor's words, drawn as such.
 */
function phoneRow(definition: FormDefinition, name: string, data: LeadData): Row {
  const row = fieldRow(definition, name, data, 'Phone');
  return definition.fields[name]?.kind === 'tel' ? { ...row, kind: 'phone' } : row;
}

/** The rows that have a value to show. */
function withValue(rows: Row[]): Row[] {
  return rows.filter((r) => r.value);
}

/**
 * Multi-line visitor text as HTML: escaped first, then each line break a `<br>`. Outlook
 * for Windows ignores `white-space: pre-wrap`, which would run paragraphs together.
 */
export function multilineHtml(value: string): string {
  return escapeHtml(value).replace(/\r\n|[\r\n\v\f\u2028\u2029\u0085]/g, '<br>');
}

/**
 * A mailto: link that opens a reply to the visitor. The address went through the schema's
 * check; both halves and every query value are percent-encoded all the same, so no typed
 * character can end the address, add a recipient or another header field (RFC 6068).
 */
export function replyLink(to: string, subject: string, body = ''): string {
  // encodeURIComponent throws on a lone surrogate.
  const encode = (value: string) => encodeURIComponent(wellFormedText(value));
  const at = to.lastIndexOf('@');
  const address = `${encode(to.slice(0, at))}@${encode(to.slice(at + 1))}`;
  return `mailto:${address}?subject=${encode(subject)}${body ? `&body=${encode(body)}` : ''}`;
}

/**
 * Classic Outlook on Windows renders a font stack it cannot place as Times New Roman: the
 * first font must be one Windows has. Every cell names it, since Outlook does not inherit.
 */
export const FONT = "font-family:'Segoe UI',-apple-system,Roboto,Helvetica,Arial,sans-serif";
export const INK = '#0f172a';
export const MUTED = '#475569';
export const TABLE = 'role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"';

/** The frame every e-mail shares: a table layout, 640 px at most, padding on cells only. */
export function emailDocument(title: string, rows: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;padding:0;background-color:#f1f5f9">' +
    `<table ${TABLE} bgcolor="#f1f5f9" style="background-color:#f1f5f9"><tr>` +
    '<td align="center" style="padding:16px 8px">' +
    `<table ${TABLE} bgcolor="#ffffff" style="max-width:640px;background-color:#ffffff;border:1px solid #e2e8f0">` +
    rows +
    '</table></td></tr></table></body></html>'
  );
}

/**
 * A short fact of the summary line kept on one line ("Within 2 weeks" never splits on a
 * phone); a long one (a report title) wraps as usual, so nothing overflows.
 */
function unbroken(fact: string): string {
  const html = escapeHtml(fact);
  return length(fact) <= 24 ? html.replace(/ /g, '&nbsp;') : html;
}

/** One full-width row of the frame. */
export function section(content: string, padding = '20px 24px 0'): string {
  return `<tr><td style="padding:${padding};${FONT};color:${INK};font-size:15px;line-height:22px;word-break:break-word">${content}</td></tr>`;
}

function banner(text: string, background: string, color: string): string {
  return (
    `<tr><td bgcolor="${background}" style="padding:10px 24px;background-color:${background};` +
    `color:${color};${FONT};font-size:15px;line-height:22px;font-weight:700">${escapeHtml(text)}</td></tr>`
  );
}

export function heading(text: string): string {
  return `<p style="margin:0 0 6px;${FONT};color:${MUTED};font-size:13px;line-height:18px;font-weight:700;text-transform:uppercase;letter-spacing:0.04em">${escapeHtml(text)}</p>`;
}

/** How the visitor's words look wherever they stand, and the system's never do (decision 054). */
const VISITOR_CELL =
  `bgcolor="#f8fafc" style="padding:4px 10px;border-left:3px solid #94a3b8;background-color:#f8fafc;` +
  `${FONT};color:${INK};font-size:15px;line-height:22px;font-weight:400;word-break:break-word"`;

/** Visitor text as HTML: links disabled, escaped, line breaks as `<br>`. */
function visitorHtml(value: string): string {
  const text = defangLinks(value);
  return isMultiline(text) ? multilineHtml(text) : escapeHtml(inlineQuote(text));
}

/** A block of visitor text under its label: the quote cell alone in a row. */
function visitorBlock(value: string): string {
  return `<table ${TABLE}><tr><td ${VISITOR_CELL}>${visitorHtml(value)}</td></tr></table>`;
}

/** A row's value as HTML, drawn by its kind. */
function valueHtml(row: Row, replySubject: string): string {
  const value = escapeHtml(row.value);
  switch (row.kind) {
    case 'visitor':
      return visitorHtml(row.value);
    case 'email':
      return `<a href="${escapeHtml(replyLink(row.value, replySubject))}" style="color:#1d4ed8">${value}</a>`;
    case 'phone':
      return `<a href="tel:${escapeHtml(row.value.replace(/[^+\d]/g, ''))}" style="color:#1d4ed8">${value}</a>`;
    case 'text':
      return multilineHtml(row.value);
  }
}

/** Label and value side by side; visitor text in the quote cell. */
function labelledRows(rows: Row[], replySubject = ''): string {
  const cells = rows
    .map(
      (r) =>
        `<tr><th align="left" valign="top" width="128" style="padding:4px 12px 4px 0;${FONT};color:${MUTED};font-size:14px;line-height:22px;font-weight:600">${escapeHtml(r.label)}</th>` +
        (r.kind === 'visitor'
          ? `<td valign="top" ${VISITOR_CELL}>`
          : `<td valign="top" style="padding:4px 0;${FONT};color:${INK};font-size:15px;line-height:22px;word-break:break-word">`) +
        `${valueHtml(r, replySubject)}</td></tr>`,
    )
    .join('');
  return `<table ${TABLE}>${cells}</table>`;
}

/**
 * Visitor text as plain text shows it (decision 054), wherever it is read as text (this
 * e-mail's plain part, a Slack message): its links disabled, then one line in quotation marks
 * (`inline`), or every line behind "> " when it has several or `block` asks for it.
 */
export function quoteVisitorText(
  value: string,
  block = false,
): { inline: true; text: string } | { inline: false; lines: string[] } {
  const text = defangLinks(value);
  return block || isMultiline(text)
    ? { inline: false, lines: quoteLines(text) }
    : { inline: true, text: inlineQuote(text) };
}

/**
 * A labelled row of the plain-text part: visitor text in quotation marks, or as quoted lines
 * when it has several or is one of the visitor's own `words`.
 */
function textRow(row: Row, block = false): string[] {
  if (row.kind !== 'visitor') return [`${row.label}: ${row.value}`];
  const quoted = quoteVisitorText(row.value, block);
  return quoted.inline ? [`${row.label}: ${quoted.text}`] : [`${row.label}:`, ...quoted.lines];
}

/** Said once, under the summary: how to tell the visitor's words from the system's. */
const LEGEND_HTML =
  'Text on a grey bar is what the visitor typed, shown as typed; links in it are disabled.';
const LEGEND_TEXT =
  'Values in “quotation marks” and lines after "> " are what the visitor typed; links in them are disabled.';

/** A link drawn as a button from a table cell: the one button shape every client keeps. */
function button(href: string, label: string): string {
  return (
    '<table role="presentation" cellspacing="0" cellpadding="0" border="0"><tr>' +
    `<td bgcolor="#1d4ed8" style="padding:10px 20px;background-color:#1d4ed8">` +
    `<a href="${escapeHtml(href)}" style="${FONT};color:#ffffff;font-size:15px;line-height:22px;font-weight:700;text-decoration:none">${escapeHtml(label)}</a>` +
    '</td></tr></table>'
  );
}

/**
 * The sales e-mail for one submission, in the order a person decides in (decision 036), the
 * visitor's words quoted apart from the system's (decision 054); the plain text alike.
 */
export function salesNotification(input: SalesNotificationInput): OutgoingEmail {
  const { definition, data, submissionId } = input;
  const { sales } = definition;
  const notices = input.notices ?? [];
  const priority = priorityOf(definition, data);
  const priorityLine = priority.priority ? `Priority: ${priority.reasons.join(', ')}` : undefined;
  const { contact } = sales;
  const name = shown(definition, contact.name, data) ?? '';
  const email = visitorAddress(definition, data);
  const facts = sales.summary.map((field) => shown(definition, field, data) ?? '').filter(Boolean);
  const contactRows = withValue([
    { label: 'Company', value: shown(definition, sales.company, data) ?? '', kind: 'visitor' },
    { label: 'Name', value: name, kind: 'visitor' },
    // A typed position is the visitor's words; a role chosen from a list is the system's.
    ...(contact.title ? [fieldRow(definition, contact.title, data, 'Title')] : []),
    { label: 'Email', value: email, kind: 'email' },
    ...(contact.phone ? [phoneRow(definition, contact.phone, data)] : []),
  ]);
  const words = withValue(sales.words.map((field) => fieldRow(definition, field, data)));
  const details = withValue([
    // Where the visit said it came from: the request's to set, so the visitor's words too.
    ...(input.extraRows ?? []).map((r): Row => ({ ...r, kind: 'visitor' })),
    ...sales.details.map((field) => fieldRow(definition, field, data)),
  ]);
  const received = formatSalesTime(input.createdAt, input.timeZone);
  const firstName = name.split(/\s+/)[0] ?? name;
  const reply = replyLink(email, definition.replySubject, `Hello ${firstName},\r\n\r\n`);
  const title = [definition.title, ...facts].join(SUBJECT_SEPARATOR);

  const text = [
    ...(priorityLine ? [priorityLine, ''] : []),
    ...notices.flatMap((notice) => [`! ${notice}`, '']),
    title,
    LEGEND_TEXT,
    '',
    ...contactRows.flatMap((r) => textRow(r)),
    '',
    ...words.flatMap((r) => [...textRow(r, true), '']),
    ...(details.length > 0 ? ['Details', ...details.flatMap((r) => textRow(r)), ''] : []),
    `Received: ${received}`,
    `Submission: ${submissionId}`,
  ].join('\n');

  const rows = [
    priorityLine ? banner(priorityLine, '#b91c1c', '#ffffff') : '',
    ...notices.map((notice) => banner(notice, '#fef3c7', '#78350f')),
    section(
      `<h1 style="margin:0;${FONT};color:${INK};font-size:22px;line-height:28px;font-weight:700">${escapeHtml(definition.title)}</h1>` +
        (facts.length > 0
          ? `<p style="margin:4px 0 0;${FONT};color:${INK};font-size:16px;line-height:24px">${facts.map(unbroken).join(SUBJECT_SEPARATOR)}</p>`
          : '') +
        `<p style="margin:8px 0 0;${FONT};color:${MUTED};font-size:13px;line-height:18px">${escapeHtml(LEGEND_HTML)}</p>`,
    ),
    section(heading('Contact') + labelledRows(contactRows, definition.replySubject)),
    section(button(reply, 'Reply by e-mail'), '12px 24px 0'),
    ...words.map((r) => section(heading(r.label) + visitorBlock(r.value))),
    details.length > 0 ? section(heading('Details') + labelledRows(details)) : '',
    section(
      `<p style="margin:0;${FONT};color:#64748b;font-size:12px;line-height:18px">Received ${escapeHtml(received)} · Submission ${escapeHtml(submissionId)}</p>`,
      '24px 24px 20px',
    ),
  ].join('');

  const subject = salesSubject(definition, data);
  return {
    to: input.recipients,
    replyTo: [visitorAddress(definition, data)],
    subject,
    text,
    html: emailDocument(subject, rows),
    tags: { form: definition.form, audience: 'sales', submission: submissionId },
    stream: 'sales',
  };
}

const VISITOR_FOOTER =
  'You receive this e-mail because this address was entered in a form on the Kryon website.';

/**
 * The e-mail a visitor receives (download link, confirmation of their request): the message,
 * what they asked for as a list, what happens next. Replies reach sales, so it comes from a
 * name a person would answer (VISITOR_MAIL_FROM_NAME).
 */
export function visitorEmail(input: {
  message: VisitorMessage;
  to: string;
  replyTo: string[];
  form: string;
  /** The lead's id: the tag its delivery events find the lead by. */
  submissionId: string;
  fromName?: string;
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

  const paragraph = (p: string) =>
    `<p style="margin:0 0 14px;${FONT};color:${INK};font-size:15px;line-height:22px">${escapeHtml(p)}</p>`;
  const rows = [
    section(
      paragraph(message.greeting) + message.paragraphs.map(paragraph).join(''),
      '24px 24px 0',
    ),
    recap.length > 0
      ? section(labelledRows(recap.map((r) => ({ ...r, kind: 'text' }))), '0 24px 14px')
      : '',
    message.link ? section(button(message.link.url, message.link.label), '0 24px 14px') : '',
    section(closing.map(paragraph).join('') + paragraph('The Kryon team'), '0 24px 0'),
    section(
      `<p style="margin:0;${FONT};color:#64748b;font-size:12px;line-height:18px">${escapeHtml(VISITOR_FOOTER)}</p>`,
      '10px 24px 20px',
    ),
  ].join('');
  const subject = headerSafe(message.subject);
  return {
    ...(input.fromName ? { fromName: input.fromName } : {}),
    to: [input.to],
    replyTo: input.replyTo,
    subject,
    text,
    html: emailDocument(subject, rows),
    tags: { form: input.form, audience: 'visitor', submission: input.submissionId },
    stream: 'visitor',
  };
}
