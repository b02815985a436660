import { audiencesOf, overallStatus, owedMessages, retryDelayMs } from './deliver.ts';
import { SenderNotVerifiedError, SendingPausedError } from './errors.ts';
import { type FormDefinition, senderOf, shown } from './form-definition.ts';
import type { MessageState, StoredLead } from './lead.ts';
import {
  BROWSER_CHECK_FAILURES,
  emailDocument,
  escapeHtml,
  FONT,
  headerSafe,
  heading,
  INK,
  MUTED,
  section,
  TABLE,
} from './notification.ts';
import type { LeadRecords, Log, Mailer, Metrics, OutgoingEmail } from './ports.ts';
import { describeError } from './redact.ts';
import { formatSalesTime } from './sales-time.ts';
import { defangLinks, inlineQuote } from './visitor-text.ts';

/**
 * The counter of unverified leads whose sales notification went out on its own, over every
 * form: past its budget, the next ones are held for the digest.
 */
export const UNVERIFIED_SALES_MAIL_KEY = 'sales-mail#unverified';

/** One digest per clock hour (UTC): the held leads of an hour go out together after it. */
export const DIGEST_PERIOD_MS = 60 * 60 * 1000;

/** The most leads one digest lists, so it stays readable; the rest go in the next e-mail. */
export const DIGEST_MAX_LEADS = 200;

/** The counter of digests sent an hour, per recipient list (a table key under `RATE#`). */
export const SALES_DIGEST_KEY = 'sales-digest';

/** Digests one recipient list receives an hour at most (SALES_DIGESTS_PER_HOUR). */
export const DIGESTS_PER_HOUR = 3;

/**
 * Held leads of one client network and clock hour listed in digests; the rest of that hour is
 * counted on one line, so one network cannot push out the others' leads (decision 074).
 */
export const DIGEST_LEADS_PER_NETWORK = 5;

/** When a lead held at `heldAtMs` is due in a digest: the end of its period. */
export function digestDueAt(heldAtMs: number, periodMs = DIGEST_PERIOD_MS): number {
  return (Math.floor(heldAtMs / periodMs) + 1) * periodMs;
}

/**
 * When a held lead put back at `nowMs` is due again: the end of the current hour, less a
 * millisecond per hour it is already late, so the oldest backlog comes first (decision 074).
 */
export function backlogDueAt(createdAtMs: number, nowMs: number): number {
  const next = digestDueAt(nowMs);
  const hoursLate = Math.max(0, (next - digestDueAt(createdAtMs)) / DIGEST_PERIOD_MS);
  return next - hoursLate;
}

/**
 * What a digest groups a held lead's network by: the keyed hash of its client network, or of
 * its address for a lead stored before networks were kept (the same value for IPv4).
 * Undefined for a lead without a client address (none comes through API Gateway): never capped.
 */
export function digestNetworkOf(lead: {
  networkHash?: unknown;
  ipHash?: unknown;
}): string | undefined {
  const hash = lead.networkHash ?? lead.ipHash;
  return typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** How a digest and the export name a network: a short prefix of its keyed hash. */
export function networkLabel(networkHash: string): string {
  return `network ${networkHash.slice(0, 8)}`;
}

/** A held lead a re-send run has claimed for a digest, under the lease it holds. */
export interface DigestEntry {
  lead: StoredLead;
  definition: FormDefinition;
  leaseToken: string;
}

/**
 * Splits the held leads a run gathered for one recipient list: oldest first, each network's
 * first `perNetwork` leads of each clock hour listed, the rest counted (decision 074).
 */
export function allocateDigest(
  entries: readonly DigestEntry[],
  perNetwork: number,
): { listed: DigestEntry[]; counted: DigestEntry[] } {
  const oldestFirst = [...entries].sort(byAge);
  const seen = new Map<string, number>();
  const listed: DigestEntry[] = [];
  const counted: DigestEntry[] = [];
  for (const entry of oldestFirst) {
    const network = digestNetworkOf(entry.lead);
    if (network === undefined) {
      listed.push(entry);
      continue;
    }
    const group = `${network}#${Math.floor(Date.parse(entry.lead.createdAt) / DIGEST_PERIOD_MS)}`;
    const taken = seen.get(group) ?? 0;
    seen.set(group, taken + 1);
    (taken < perNetwork ? listed : counted).push(entry);
  }
  return { listed, counted };
}

/** Oldest first; the submission id settles a tie, so the order is the same in every run. */
function byAge(a: DigestEntry, b: DigestEntry): number {
  return (
    a.lead.createdAt.localeCompare(b.lead.createdAt) ||
    a.lead.submissionId.localeCompare(b.lead.submissionId)
  );
}

/** Longest visitor text a digest line shows: enough to recognise, short enough to scan. */
const VISITOR_TEXT_MAX = 80;

/**
 * Visitor text as a digest shows it: one line, cut, with its links disabled by the same rule
 * as the sales e-mails (`https://evil.example` reads `hxxps://evil[.]example`), so no typed
 * text becomes clickable.
 */
export function inertVisitorText(value: string): string {
  return defangLinks(headerSafe(value, VISITOR_TEXT_MAX));
}

interface DigestLine {
  form: string;
  received: string;
  whoLabel: string;
  who: string;
  check: string;
  submissionId: string;
}

function lineOf(entry: DigestEntry, timeZone: string): DigestLine {
  const { lead, definition } = entry;
  const company = shown(definition, definition.sales.company, lead.fields);
  const check = lead.browserCheck;
  return {
    form: definition.title,
    received: formatSalesTime(lead.createdAt, timeZone),
    whoLabel: company ? 'Company' : 'Name',
    who: inertVisitorText(senderOf(definition, lead.fields)),
    check:
      check && check !== 'verified'
        ? `not verified: ${BROWSER_CHECK_FAILURES[check]}`
        : 'not verified',
    submissionId: lead.submissionId,
  };
}

/** One client network's held leads counted, not listed, in a digest: one line of it. */
interface CountLine {
  count: number;
  network: string;
  received: string;
  exportStatus: string;
}

/** The counted leads as one line per client network, the network that began first first. */
function countLinesOf(counted: readonly DigestEntry[], timeZone: string): CountLine[] {
  const groups = new Map<string, DigestEntry[]>();
  for (const entry of [...counted].sort(byAge)) {
    const network = digestNetworkOf(entry.lead) ?? '';
    groups.set(network, [...(groups.get(network) ?? []), entry]);
  }
  return [...groups].map(([network, entries]) => {
    const first = formatSalesTime(entries[0]?.lead.createdAt ?? '', timeZone);
    const last = formatSalesTime(entries.at(-1)?.lead.createdAt ?? '', timeZone);
    return {
      count: entries.length,
      network: networkLabel(network),
      received: first === last ? `received ${first}` : `received ${first} to ${last}`,
      exportStatus: countedExportStatus(network),
    };
  });
}

/** What the export's emailStatus says of a lead counted in a digest: how sales find it. */
export function countedExportStatus(networkHash: string): string {
  return `counted-in-digest (${networkLabel(networkHash)})`;
}

/**
 * The digest e-mail: every listed held lead on a few compact lines (form, when, who as quoted
 * visitor text, the browser check's verdict, the submission id to find it in the export),
 * oldest first; then, for each client network with more leads in an hour than a digest lists,
 * one line counting the rest and saying how the export shows them. System words only in the
 * subject and headings; plain text says the same.
 */
export function salesDigest(input: {
  entries: readonly DigestEntry[];
  /** Held leads going out in this digest as a count, not listed (allocateDigest). */
  counted?: readonly DigestEntry[];
  recipients: string[];
  timeZone: string;
}): OutgoingEmail {
  const entries = [...input.entries].sort(byAge);
  const lines = entries.map((entry) => lineOf(entry, input.timeZone));
  const countLines = countLinesOf(input.counted ?? [], input.timeZone);
  const counted = countLines.reduce((sum, line) => sum + line.count, 0);
  const count = lines.length;
  const noun = count === 1 ? 'lead' : 'leads';
  const subject =
    `Digest: ${count} unverified ${noun} not e-mailed one by one` +
    (counted > 0 ? `, ${counted} more counted` : '');
  const first = lines[0]?.received ?? '';
  const last = lines.at(-1)?.received ?? '';
  const intro =
    `${count} ${noun} came without a verified browser check after the hourly number of such leads ` +
    'had been e-mailed one by one. Each is stored with its fields: find it in the export ' +
    '(npm run leads:export) by its submission id. Names and companies below are what the ' +
    'visitor typed, unchecked.' +
    (counted > 0
      ? ' Past the first few leads of one client network in an hour, the rest of that ' +
        `network are counted at the end, not listed: ${counted} more, stored like the others.`
      : '');
  const range = first === last ? `Received ${first}` : `Received ${first} to ${last}`;
  const countText = (line: CountLine) =>
    `And ${line.count} more from one client network (${line.network}), ${line.received}`;
  const countNote = (line: CountLine) =>
    `Counted, not listed: in the export as ${line.exportStatus}`;

  const text = [
    `Unverified leads digest: ${count} ${noun}`,
    '',
    intro,
    range,
    '',
    ...lines.flatMap((line, i) => [
      `${i + 1}. ${line.form} · ${line.received}`,
      `   ${line.whoLabel} (visitor text): ${inlineQuote(line.who)}`,
      `   Browser check: ${line.check}`,
      `   Submission: ${line.submissionId}`,
      '',
    ]),
    ...countLines.flatMap((line) => [countText(line), `   ${countNote(line)}`, '']),
  ].join('\n');

  const small = (color: string, size: number, content: string, margin = '2px 0 0') =>
    `<p style="margin:${margin};${FONT};color:${color};font-size:${size}px;line-height:${size + 6}px">${content}</p>`;
  const rowsHtml = lines
    .map(
      (line) =>
        `<tr><td style="padding:10px 0;border-top:1px solid #e2e8f0;${FONT};color:${INK};font-size:15px;line-height:22px;word-break:break-word">` +
        small(
          INK,
          15,
          `<span style="color:${MUTED};font-size:13px">${escapeHtml(line.whoLabel)} (visitor text)</span> ` +
            // Quotation marks as text: Outlook for Windows draws none for a <q>.
            `<span style="font-style:italic">${escapeHtml(inlineQuote(line.who))}</span>`,
          '0',
        ) +
        small(
          MUTED,
          13,
          `${escapeHtml(line.form)} · ${escapeHtml(line.received)} · ${escapeHtml(line.check)}`,
        ) +
        small('#64748b', 12, `Submission ${escapeHtml(line.submissionId)}`) +
        '</td></tr>',
    )
    .join('');
  const countRowsHtml = countLines
    .map(
      (line) =>
        `<tr><td style="padding:10px 0;border-top:1px solid #e2e8f0;${FONT};color:${INK};font-size:15px;line-height:22px;word-break:break-word">` +
        small(INK, 15, escapeHtml(countText(line)), '0') +
        small(MUTED, 13, escapeHtml(countNote(line))) +
        '</td></tr>',
    )
    .join('');
  const rows = [
    section(
      heading('Unverified leads digest') +
        `<h1 style="margin:0;${FONT};color:${INK};font-size:22px;line-height:28px;font-weight:700">${count} ${noun}</h1>` +
        small(INK, 15, escapeHtml(intro), '8px 0 0') +
        small(MUTED, 13, escapeHtml(range), '8px 0 0'),
    ),
    section(`<table ${TABLE}>${rowsHtml}${countRowsHtml}</table>`, '12px 24px 20px'),
  ].join('');

  return {
    to: input.recipients,
    // Sales reply to a visitor from each lead in the export, never to a whole digest.
    replyTo: [],
    subject,
    text,
    html: emailDocument(subject, rows),
    tags: { form: entries[0]?.lead.form ?? 'digest', audience: 'sales-digest' },
    stream: 'sales',
  };
}

export interface DigestDeps {
  store: LeadRecords;
  mailer: Mailer;
  log: Log;
  metrics: Metrics;
  now: () => Date;
}

export interface DigestResult {
  /** True when SES accepted the digest. */
  sent: boolean;
  /** Leads whose state now says they went out in it (the rest come back in a later one). */
  recorded: number;
}

/**
 * Sends one digest of held leads the caller has claimed, then, once SES accepted it, marks each
 * sent in it under its lease (listed, or `via: 'digest-count'`). A failed send leaves them held
 * and owed; a crash before the marks may list a lead twice, never lose it (decision 053).
 */
export async function sendDigest(
  entries: readonly DigestEntry[],
  options: {
    recipients: string[];
    timeZone: string;
    maxAttempts: number;
    /** Held leads this digest counts rather than lists. */
    counted?: readonly DigestEntry[];
  },
  deps: DigestDeps,
): Promise<DigestResult> {
  const counted = options.counted ?? [];
  const all = [...entries, ...counted];
  const [oldest] = [...all].sort(byAge);
  if (!oldest) return { sent: false, recorded: 0 };
  const { mailer, log, metrics } = deps;
  const email = salesDigest({
    entries,
    counted,
    recipients: options.recipients,
    timeZone: options.timeZone,
  });
  let messageId: string | undefined;
  let failure: unknown;
  try {
    ({ messageId } = await mailer.send(email));
  } catch (error) {
    failure = error;
  }
  const at = deps.now().toISOString();

  if (messageId !== undefined) {
    metrics.count('SalesDigestSent', oldest.lead.form);
    const mark = (entry: DigestEntry, via: 'digest' | 'digest-count') =>
      record(entry, sentState(entry.lead.emails.sales, messageId as string, at, via), at, deps);
    const marks = await Promise.all([
      ...entries.map((entry) => mark(entry, 'digest')),
      ...counted.map((entry) => mark(entry, 'digest-count')),
    ]);
    const recorded = marks.filter(Boolean).length;
    log.info('sales digest sent', {
      leads: entries.length,
      counted: counted.length,
      recorded,
      messageId,
    });
    return { sent: true, recorded };
  }

  const error = describeError(failure);
  const waiting = failure instanceof SenderNotVerifiedError;
  log.error(
    waiting
      ? 'sales digest waits: the sender identity is not verified for sending yet; leads stay held'
      : 'sales digest failed; its leads stay held for the next run',
    { leads: entries.length, counted: counted.length, error },
  );
  await Promise.all(
    all.map((entry) => {
      const previous = entry.lead.emails.sales?.attempts ?? 0;
      const attempts = waiting ? previous : previous + 1;
      const abandoned = !waiting && attempts >= options.maxAttempts;
      if (waiting) metrics.count('EmailAwaitingSender', entry.lead.form);
      else metrics.count(abandoned ? 'EmailAbandoned' : 'EmailFailed', entry.lead.form);
      // SES refusing the account's mail: counted apart so its alarm names it (decision 081).
      if (failure instanceof SendingPausedError) {
        metrics.count('EmailSendingPaused', entry.lead.form);
      }
      const state: MessageState = abandoned
        ? { status: 'abandoned', attempts, error, at }
        : {
            status: 'held',
            attempts,
            ...(waiting ? { waitingFor: 'sender-verification' as const } : {}),
            error,
            at,
          };
      return record(entry, state, at, deps, retryDelayMs(attempts));
    }),
  );
  return { sent: false, recorded: 0 };
}

function sentState(
  previous: MessageState | undefined,
  messageId: string,
  at: string,
  via: 'digest' | 'digest-count',
) {
  return {
    status: 'sent',
    via,
    attempts: (previous?.attempts ?? 0) + 1,
    messageId,
    at,
  } satisfies MessageState;
}

/** Writes the sales message's new state under the entry's lease; false if not written. */
async function record(
  entry: DigestEntry,
  sales: MessageState,
  at: string,
  deps: DigestDeps,
  retryInMs = 0,
): Promise<boolean> {
  const { lead, definition, leaseToken } = entry;
  const emails = { ...lead.emails, sales };
  const owed = sales.status === 'held' || owedMessages({ ...lead, emails }, definition).length > 0;
  try {
    const recorded = await deps.store.recordSends(lead, {
      leaseToken,
      emails,
      emailStatus: overallStatus(emails, audiencesOf(definition)),
      owed,
      retryAtMs: owed ? deps.now().getTime() + retryInMs : undefined,
      at,
    });
    if (!recorded) {
      deps.log.warn('another sender took over a digest lead; its outcome was not recorded', {
        form: lead.form,
        submissionId: lead.submissionId,
      });
    }
    return recorded;
  } catch (error) {
    // The lease lapses and a later digest lists the lead again: a duplicate, not a loss.
    deps.log.error('could not record a digest lead; a later digest will list it again', {
      form: lead.form,
      submissionId: lead.submissionId,
      error: describeError(error),
    });
    return false;
  }
}
