/**
 * The Slack message of one lead: the JSON body of an incoming webhook (Block Kit `blocks`
 * and the `text` Slack falls back to in notifications), laid out so a salesperson decides in
 * five seconds, in the sales e-mail's order (decision 036): the subject line with its
 * priority marker, the priority's reasons and the summary facts, who and which company, their
 * own words, the form's details, where they came from, the lead's id and time.
 *
 * What the visitor typed is shown as text and nothing else (decision 054, as the e-mail):
 * - it goes only into `plain_text` objects, which Slack never reads as mrkdwn, so `*bold*`,
 *   `_x_` and `~x~` stay characters; mrkdwn is used only for Kryon's own labels, `verbatim`
 *   so that even those are not auto-linked;
 * - every text object's `&`, `<` and `>` are escaped, as Slack requires: they are its control
 *   characters for links and mentions (`<http://x|y>`, `<!channel>`, `<@U123>`) "in text
 *   objects", and only those three entities are decoded
 *   (https://docs.slack.dev/messaging/formatting-message-text#escaping);
 * - links are defanged by the e-mail's rule (`hxxps://evil[.]example`), and its words are
 *   quoted by the e-mail's plain-text rule (“one line”, "> " lines), so they cannot pose as
 *   Kryon's own lines;
 * - the fallback `text` is parsed as mrkdwn, which has no escape for `*` or `_`: it carries
 *   Kryon's words only.
 * The visitor's e-mail address and phone number are left out: a channel is read by more
 * people than sales' mailbox, and replies start from the sales e-mail, which has them.
 * No link of any kind: nothing private (a lead's report link, an admin screen) can leak.
 */
import { sourceRows } from './attribution.ts';
import { type FormDefinition, isTyped, type LeadData, shown } from './form-definition.ts';
import { formDefinition } from './forms.ts';
import type { StoredLead } from './lead.ts';
import type { LeadAcceptedEvent, LeadEvent } from './lead-events.ts';
import {
  cutText,
  PRIORITY_MARKER,
  priorityOf,
  quoteVisitorText,
  salesSubject,
} from './notification.ts';
import { formatSalesTime } from './sales-time.ts';

/**
 * Block Kit's limits, as Slack's reference states them; a message past any of them is
 * refused whole (`invalid_blocks`), so each is kept here, never approached by hope.
 */
export const SLACK_LIMITS = {
  /** "You can include up to 50 blocks in each message" (reference/block-kit/blocks). */
  blocks: 50,
  /** Header block: "Maximum length for the text in this field is 150 characters". */
  headerText: 150,
  /** Section block `text`: "maximum length is 3000 characters"; any text object alike. */
  sectionText: 3000,
  /** Section block `fields`: "Maximum number of items is 10". */
  sectionFields: 10,
  /** ... "Maximum length for the text in each item is 2000 characters". */
  fieldText: 2000,
  /** Context block `elements`: "Maximum number of items is 10". */
  contextElements: 10,
  /** A text object (context elements among them): "maximum length is 3000 characters". */
  text: 3000,
} as const;

/**
 * The fallback `text` is what a notification or a screen reader says: one line. Slack
 * truncates a message's text only past 40,000 characters, far beyond this.
 */
export const SLACK_FALLBACK_MAX = 150;

/**
 * The most of one of the visitor's answers the message shows, well under a section's 3000:
 * five answers of a demo request at their 2000-character maximum would make a wall no one
 * reads in five seconds, and Slack refuses messages whose blocks are long in total well
 * before 50 full sections (`msg_blocks_too_long`, slackapi/bolt-js#2509). The sales e-mail
 * has the whole text; the ellipsis says there is more.
 */
export const SLACK_ANSWER_MAX = 1000;

/** Label and value pairs per section: two fields each, ten fields a section at most. */
const PAIRS_PER_SECTION = SLACK_LIMITS.sectionFields / 2;

export interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
  /** mrkdwn only: no auto-linking of URLs, channel names or mentions. */
  verbatim?: boolean;
}

export type SlackBlock =
  | { type: 'header'; text: SlackText & { type: 'plain_text' } }
  | { type: 'section'; text: SlackText }
  | { type: 'section'; fields: SlackText[] }
  | { type: 'context'; elements: SlackText[] };

/** An incoming webhook's JSON body. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

export interface SlackMessageOptions {
  /** The IANA zone sales read times in (SALES_TIME_ZONE), as the e-mail. */
  timeZone: string;
  /** What sales must know first about how the lead came in (salesNotices), if the caller has it. */
  notices?: string[];
}

/** What the message reads of a lead: never its e-mail state, hashes or lease. */
export type SlackLead = Pick<StoredLead, 'submissionId' | 'createdAt' | 'fields' | 'attribution'>;

const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Slack's three control characters as the entities it decodes; nothing else is encoded. */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (c) => SLACK_ESCAPES[c] ?? c);
}

/**
 * The longest rendering of a value that fits `max`, counted in UTF-16 code units (an emoji
 * is two: the stricter reading of Slack's "characters"). `render` cuts the raw value to a
 * budget (with cutText's ellipsis, between graphemes) and then quotes, defangs and escapes
 * it; those only lengthen it, so the budget shrinks until the result fits. Cutting before
 * escaping never splits an entity; defanging after cutting catches a dot the cut exposed.
 */
function fitWithin(render: (budget: number) => string, max: number): string {
  let budget = max;
  let out = render(budget);
  while (out.length > max) {
    if (budget <= 1) throw new Error(`nothing of the value fits in ${max} characters`);
    budget = Math.max(1, Math.min(budget - 1, Math.floor((budget * max) / out.length)));
    out = render(budget);
  }
  return out;
}

/** Kryon's own words (labels, option labels, notices) as a plain text of at most `max`. */
function systemText(value: string, max: number): string {
  return fitWithin((budget) => escapeSlack(cutText(value, budget)), max);
}

/** The visitor's words as plain text of at most `max`: cut, then quoted as the e-mail does. */
function visitorText(value: string, max: number, block = false): string {
  return fitWithin((budget) => {
    const quoted = quoteVisitorText(cutText(value, budget), block);
    return escapeSlack(quoted.inline ? quoted.text : quoted.lines.join('\n'));
  }, max);
}

const plain = (text: string): SlackText => ({ type: 'plain_text', text });

/** A label in bold: Kryon's words only, never the visitor's (mrkdwn has no escape for `*`). */
const label = (text: string): SlackText => ({
  type: 'mrkdwn',
  text: `*${systemText(text, SLACK_LIMITS.fieldText - 2)}*`,
  verbatim: true,
});

interface Shown {
  label: string;
  value: string;
  /** Typed by the visitor, as opposed to an option the site wrote. */
  typed: boolean;
}

/** A field of the form as the e-mail shows it, with the e-mail's label or the given one. */
function field(definition: FormDefinition, name: string, data: LeadData, as?: string): Shown {
  const spec = definition.fields[name];
  return {
    label: as ?? spec?.label ?? name,
    value: shown(definition, name, data) ?? '',
    typed: isTyped(spec),
  };
}

/** Label and value side by side (fields fill two columns), five pairs to a section. */
function pairSections(rows: Shown[]): SlackBlock[] {
  const sections: SlackBlock[] = [];
  for (let i = 0; i < rows.length; i += PAIRS_PER_SECTION) {
    sections.push({
      type: 'section',
      fields: rows
        .slice(i, i + PAIRS_PER_SECTION)
        .flatMap((row) => [
          label(row.label),
          plain(
            row.typed
              ? visitorText(row.value, SLACK_LIMITS.fieldText)
              : systemText(row.value, SLACK_LIMITS.fieldText),
          ),
        ]),
    });
  }
  return sections;
}

/** Rows with something to show: a text object may not be empty. */
function withValue(rows: Shown[]): Shown[] {
  return rows.filter((row) => row.value.trim() !== '');
}

/** The Slack message for one lead (see the module's comment for what it shows, and how). */
export function slackMessage(
  lead: SlackLead,
  definition: FormDefinition,
  options: SlackMessageOptions,
): SlackMessage {
  const data = lead.fields;
  const { sales } = definition;
  const priority = priorityOf(definition, data);

  const facts = sales.summary.map((name) => shown(definition, name, data) ?? '').filter(Boolean);
  const headline = [
    priority.priority ? `Priority: ${priority.reasons.join(', ')}` : '',
    [definition.title, ...facts].join(' · '),
  ].filter(Boolean);

  const who = withValue([
    field(definition, sales.company, data, 'Company'),
    field(definition, sales.contact.name, data, 'Name'),
    // A typed position is the visitor's words; a role chosen from a list is Kryon's.
    ...(sales.contact.title ? [field(definition, sales.contact.title, data, 'Title')] : []),
  ]);
  const words = withValue(sales.words.map((name) => field(definition, name, data)));
  const details = withValue(sales.details.map((name) => field(definition, name, data)));
  const source = sourceRows(lead.attribution);
  const received = formatSalesTime(lead.createdAt, options.timeZone);

  const blocks: SlackBlock[] = [
    // The e-mail's subject: priority marker, form, qualifier and the company, which
    // salesSubject has already defanged and quoted; here only escaped and kept within 150.
    {
      type: 'header',
      text: {
        type: 'plain_text',
        text: systemText(salesSubject(definition, data), SLACK_LIMITS.headerText),
      },
    },
    { type: 'section', text: plain(systemText(headline.join('\n'), SLACK_LIMITS.sectionText)) },
    ...((options.notices ?? []).length > 0
      ? [
          {
            type: 'context' as const,
            elements: (options.notices ?? [])
              .slice(0, SLACK_LIMITS.contextElements)
              .map((notice) => plain(systemText(`⚠ ${notice}`, SLACK_LIMITS.text))),
          },
        ]
      : []),
    ...pairSections(who),
    ...words.flatMap((answer): SlackBlock[] => [
      { type: 'context', elements: [label(answer.label)] },
      {
        type: 'section',
        text: plain(visitorText(answer.value, SLACK_ANSWER_MAX, true)),
      },
    ]),
    ...pairSections(details),
    // The e-mail's Source row: what the request carried, so quoted as the visitor's words.
    ...sourceBlocks(source),
  ];
  const footer = footerBlock(received, lead.submissionId);
  // A form's definition fixes the count (18 blocks for the demo request at most); should one
  // ever grow past Slack's 50, the lead's id and time still close the message.
  const kept = [...blocks.slice(0, SLACK_LIMITS.blocks - 1), footer];

  const qualifier = shown(definition, sales.qualifier, data);
  const fallback = [
    `${priority.priority ? PRIORITY_MARKER : ''}${definition.subjectName}`,
    ...(qualifier ? [qualifier] : []),
  ].join(' · ');
  return { text: systemText(fallback, SLACK_FALLBACK_MAX), blocks: kept };
}

/**
 * A lead's answers read back from its `lead.accepted` event through the form's definition:
 * each shown value mapped to the value that shows it (an option's label to its value, Yes or
 * No to the box). Undefined when one does not map back, or the priority rule gives another
 * verdict than the event's: the definition changed since the event was built.
 */
export function leadDataOfEvent(
  definition: FormDefinition,
  event: LeadAcceptedEvent,
): LeadData | undefined {
  const data: Record<string, unknown> = {};
  for (const field of event.fields) {
    const spec = definition.fields[field.name];
    if (!spec) return undefined;
    const value = rawValue(spec, field.value);
    if (value === undefined) return undefined;
    data[field.name] = value;
  }
  for (const name of Object.keys(definition.fields)) {
    const expected = event.fields.find((field) => field.name === name)?.value;
    if ((shown(definition, name, data) || undefined) !== expected) return undefined;
  }
  const priority = priorityOf(definition, data);
  if (
    priority.priority !== event.priority.priority ||
    priority.reasons.join('\n') !== event.priority.reasons.join('\n')
  ) {
    return undefined;
  }
  return data;
}

type FieldSpecOf = FormDefinition['fields'][string];

/** The stored value a field's shown value comes from, or undefined when none does. */
function rawValue(spec: FieldSpecOf, value: string): unknown {
  switch (spec.kind) {
    case 'select':
    case 'preset':
      return spec.options.find((option) => option.label === value)?.value ?? value;
    case 'checkboxes':
      return chosenValues(spec.options, value);
    case 'consent':
      return value === 'Yes' ? true : value === 'No' ? false : undefined;
    default:
      return value;
  }
}

/** The options whose labels, joined by ", ", are `shown`: a label may hold a comma itself. */
function chosenValues(
  options: readonly { value: string; label: string }[],
  shownValue: string,
): string[] | undefined {
  if (shownValue === '') return [];
  for (const option of options) {
    if (shownValue === option.label) return [option.value];
    if (shownValue.startsWith(`${option.label}, `)) {
      const rest = chosenValues(options, shownValue.slice(option.label.length + 2));
      if (rest) return [option.value, ...rest];
    }
  }
  return undefined;
}

/**
 * The Slack message of one lead event. `lead.accepted`: the lead's message above, the same as
 * from the stored lead (read back through the form's definition), or, should the definition no
 * longer read it, one drawn from the event alone by the same rules. The other types: one line
 * a person reads in five seconds, in plain text, with the lead's id and time and nothing the
 * visitor wrote, no link.
 */
export function slackEventMessage(event: LeadEvent, options: SlackMessageOptions): SlackMessage {
  const definition = formDefinition(event.form);
  if (event.type === 'lead.accepted') {
    const data = definition && leadDataOfEvent(definition, event);
    if (definition && data) {
      return slackMessage(
        {
          submissionId: event.leadId,
          createdAt: event.occurredAt,
          fields: data,
          attribution: event.attribution,
        },
        definition,
        options,
      );
    }
    return slackEventOnlyMessage(event, options);
  }
  const title = definition?.title ?? event.form;
  return {
    // The fallback is mrkdwn: Kryon's words only, not even the lead's id.
    text: systemText(eventLine(event, title), SLACK_FALLBACK_MAX),
    blocks: [
      {
        type: 'section',
        text: plain(systemText(eventLine(event, title, event.leadId), SLACK_LIMITS.sectionText)),
      },
      {
        type: 'context',
        elements: [
          plain(
            systemText(
              `${formatSalesTime(event.occurredAt, options.timeZone)} · ${title} · Lead ${event.leadId}`,
              SLACK_LIMITS.text,
            ),
          ),
        ],
      },
    ],
  };
}

const CONFIRMATION_LINES = {
  delivered: 'Confirmation delivered',
  bounced: 'Confirmation bounced',
  complained: 'Confirmation marked as spam',
} as const;

/** The one line of an event other than `lead.accepted`, naming the lead by `id` if given. */
function eventLine(
  event: Exclude<LeadEvent, LeadAcceptedEvent>,
  title: string,
  id?: string,
): string {
  const lead = id === undefined ? `${title} lead` : `${title} lead ${id}`;
  switch (event.type) {
    case 'lead.delivery': {
      const permanent = event.outcome === 'bounced' && event.bounceType === 'permanent';
      return `${CONFIRMATION_LINES[event.outcome]}: ${lead}${permanent ? ' (the address takes no mail)' : ''}`;
    }
    case 'lead.report-opened':
      return `Report opened: ${lead}`;
    case 'lead.erased':
      return `${id === undefined ? `A ${lead}` : `Lead ${id}`} erased at the visitor's request: delete any copy`;
  }
}

/**
 * A `lead.accepted` message from the event alone, for an event its form's definition no
 * longer reads: the form's title, priority and summary, who, every answer (the typed ones as
 * the visitor's words), the Source line, the id and time.
 */
function slackEventOnlyMessage(event: LeadAcceptedEvent, options: SlackMessageOptions) {
  const head = `${event.priority.priority ? PRIORITY_MARKER : ''}${event.formTitle}`;
  const headline = [
    event.priority.priority ? `Priority: ${event.priority.reasons.join(', ')}` : '',
    [event.formTitle, ...event.summary].join(' · '),
  ].filter(Boolean);
  // The event names its contact by value alone: each contact value takes one field that
  // holds it (a typed one first, as a name or a company is typed), so the contact's fields
  // are not repeated among the answers, and another answer that happens to hold the same
  // value (a company named like a company size) is still shown.
  const taken = new Set<LeadAcceptedEvent['fields'][number]>();
  const take = (value: string | undefined) => {
    if (!value) return undefined;
    const free = event.fields.filter((field) => !taken.has(field) && field.value === value);
    const found = free.find((field) => field.typed) ?? free[0];
    if (found) taken.add(found);
    return found;
  };
  const { email, phone, company, name, title } = event.contact;
  // A value the event does not say is chosen from a list is the visitor's words.
  const contactRow = (label: string, value: string | undefined): Shown => ({
    label,
    value: value ?? '',
    typed: take(value)?.typed ?? true,
  });
  const who = withValue([
    contactRow('Company', company),
    contactRow('Name', name),
    contactRow('Title', title),
  ]);
  // The address and the phone stay in the sales e-mail, as in the message above.
  take(email);
  take(phone);
  const answers = withValue(
    event.fields
      .filter((field) => !taken.has(field))
      .map((field) => ({ label: field.label, value: field.value, typed: field.typed })),
  );
  const blocks: SlackBlock[] = [
    {
      type: 'header',
      text: { type: 'plain_text', text: systemText(head, SLACK_LIMITS.headerText) },
    },
    { type: 'section', text: plain(systemText(headline.join('\n'), SLACK_LIMITS.sectionText)) },
    ...pairSections(who),
    ...pairSections(answers),
    ...sourceBlocks(sourceRows(event.attribution)),
  ];
  const footer = footerBlock(formatSalesTime(event.occurredAt, options.timeZone), event.leadId);
  return {
    text: systemText(head, SLACK_FALLBACK_MAX),
    blocks: [...blocks.slice(0, SLACK_LIMITS.blocks - 1), footer],
  };
}

/** The e-mail's Source rows: what the request carried, so quoted as the visitor's words. */
function sourceBlocks(rows: ReturnType<typeof sourceRows>): SlackBlock[] {
  return rows.map((row) => ({
    type: 'context',
    elements: [label(row.label), plain(visitorText(row.value, SLACK_LIMITS.text))],
  }));
}

/** The message's last block: when, which lead, and where the address and phone are. */
function footerBlock(received: string, leadId: string): SlackBlock {
  return {
    type: 'context',
    elements: [
      plain(
        systemText(
          `Received ${received} · Lead ${leadId} · E-mail address and phone in the sales e-mail`,
          SLACK_LIMITS.text,
        ),
      ),
    ],
  };
}
