import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { fieldNames } from '@kryon/shared/forms/lead-form';
import { describe, expect, it } from 'vitest';
import { sampleBody } from '../../test/events.ts';
import {
  definitionOf,
  HOSTILE_LINE,
  hostileBody,
  maxLengthOf,
  rawHostileFields,
  SLACK_TIME_ZONE,
  type SlackSample,
  slackSamples,
  storedFields,
} from '../../test/slack-samples.ts';
import { sourceRows } from './attribution.ts';
import type { StoredLead } from './lead.ts';
import { type LeadAcceptedEvent, leadAccepted } from './lead-events.ts';
import {
  escapeSlack,
  SLACK_ANSWER_MAX,
  SLACK_FALLBACK_MAX,
  SLACK_LIMITS,
  type SlackMessage,
  type SlackText,
  slackEventMessage,
  slackMessage,
} from './slack-message.ts';

/** Every text of a message, where it stands and the most Slack takes there. */
function textsOf(message: SlackMessage): { where: string; max: number; text: SlackText }[] {
  const texts = [
    {
      where: 'fallback',
      max: SLACK_FALLBACK_MAX,
      text: { type: 'mrkdwn', text: message.text } as SlackText,
    },
  ];
  message.blocks.forEach((block, i) => {
    if (block.type === 'header') {
      texts.push({ where: `${i} header`, max: SLACK_LIMITS.headerText, text: block.text });
    } else if (block.type === 'context') {
      for (const element of block.elements) {
        texts.push({ where: `${i} context`, max: SLACK_LIMITS.text, text: element });
      }
    } else if ('fields' in block) {
      for (const field of block.fields) {
        texts.push({ where: `${i} field`, max: SLACK_LIMITS.fieldText, text: field });
      }
    } else {
      texts.push({ where: `${i} section`, max: SLACK_LIMITS.sectionText, text: block.text });
    }
  });
  return texts;
}

/** Within every count and length Block Kit sets; no text object empty (Slack's minimum is 1). */
function expectWithinLimits(message: SlackMessage): void {
  expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
  for (const block of message.blocks) {
    if (block.type === 'context') {
      expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.contextElements);
    }
    if ('fields' in block) {
      expect(block.fields.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionFields);
    }
  }
  for (const { where, max, text } of textsOf(message)) {
    expect(text.text.length, where).toBeGreaterThan(0);
    expect(text.text.length, where).toBeLessThanOrEqual(max);
  }
}

/** What a Slack client shows of a text: its three entities decoded. */
function decoded(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * Nothing in the message can mention, link or format: no raw `<` or `>` (so no `<!channel>`,
 * `<@U…>` or `<url|label>`), every `&` an entity, no link a client would find in the shown
 * text, and mrkdwn (the fallback and the labels) only in Kryon's words.
 */
function expectInert(message: SlackMessage): void {
  for (const { where, text } of textsOf(message)) {
    expect(text.text, where).not.toMatch(/[<>]/);
    expect(text.text, where).not.toMatch(/&(?!amp;|lt;|gt;)/);
    const shown = decoded(text.text);
    expect(shown, where).not.toMatch(/(?:https?|ftp):\/\/[^\s[\]]*\.[\p{L}\p{N}]/iu);
    // No live scheme anywhere, a link's query included; only a disabled one (hxxps://).
    expect(shown, where).not.toMatch(/(?<![\p{L}\p{N}])(?:https?|ftp):\/\//iu);
    expect(shown, where).not.toMatch(/\bwww[.\u2024\u3002\uFE52\uFF0E\uFF61]/i);
    expect(shown, where).not.toMatch(/mailto:/i);
    expect(shown, where).not.toMatch(/[.\u2024\u3002\uFE52\uFF0E\uFF61](?:example|com)\b/i);
    if (text.type === 'mrkdwn') {
      // A bold label of a form's own, or the fallback: no visitor text, no mention.
      expect(shown, where).not.toMatch(/evil|@|channel|here|`|~/);
      if (where !== 'fallback') {
        expect(text.text, where).toMatch(/^\*[^*_]+\*$/);
        expect(text.verbatim, where).toBe(true);
      }
    }
  }
}

const samples = slackSamples();
const byName = (name: string): SlackSample => {
  const sample = samples.find((s) => s.name === name);
  if (!sample) throw new Error(`no sample ${name}`);
  return sample;
};

describe('escapeSlack', () => {
  it("encodes Slack's three control characters and nothing else", () => {
    expect(escapeSlack(`<!channel> & <@U1> "quoted" 'x'`)).toBe(
      `&lt;!channel&gt; &amp; &lt;@U1&gt; "quoted" 'x'`,
    );
  });
});

describe('slackMessage: one message per form, from the committed samples', () => {
  it.each(LEAD_FORMS)('%s: header, who, what, source, id and time; within limits', (form) => {
    const { message } = byName(form);
    const definition = definitionOf(form);
    expectWithinLimits(message);
    expectInert(message);
    const [header, headline] = message.blocks;
    expect(header?.type).toBe('header');
    expect(headline?.type === 'section' && 'text' in headline && headline.text.text).toContain(
      definition.title,
    );
    const all = JSON.stringify(message.blocks);
    // Who, and their company, quoted as the visitor's words.
    const { fields, attribution } = storedFields(form, sampleBody(form));
    expect(all).toContain(`“${fields[definition.sales.contact.name]}”`);
    expect(all).toContain('*Company*');
    for (const name of definition.sales.details) {
      expect(all).toContain(`*${definition.fields[name]?.label}*`);
    }
    // The e-mail's Source line where the sample says where it came from, its origin defanged.
    const source = sourceRows(attribution)[0];
    if (source) {
      expect(all).toContain('*Source*');
      expect(all).toContain(
        escapeSlack(`“${source.value}”`.replace('https://', 'hxxps://').replaceAll('.', '[.]')),
      );
    } else {
      expect(all).not.toContain('*Source*');
    }
    // The lead's id and time close it; the visitor's address is not in it.
    const footer = JSON.stringify(message.blocks.at(-1));
    expect(footer).toContain('0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8');
    expect(footer).toContain('Tue 24 Nov 2026, 09:01 CET');
    expect(all).not.toContain(String(fields[definition.visitorEmail]));
    expect(all).not.toContain('http');
  });

  it('puts a priority first: the marker in the header and the fallback, the reasons next', () => {
    const { message } = byName('demo');
    expect(message.text).toBe('[Priority] Demo request · 100+ AWS accounts');
    const [header, headline] = message.blocks;
    expect(header?.type === 'header' && header.text.text).toBe(
      '[Priority] Demo request · 100+ AWS accounts · from “Northwind Finance”',
    );
    expect(headline?.type === 'section' && 'text' in headline && headline.text.text).toBe(
      'Priority: 100+ AWS accounts, Enterprise\n' +
        'Demo request · Enterprise · 100+ AWS accounts · Within 2 weeks · Technical Deep Dive',
    );
  });

  it('says no priority for a form that asks nothing that makes one', () => {
    const { message } = byName('contact');
    expect(message.text).not.toContain('Priority');
    expect(JSON.stringify(message.blocks)).not.toContain('Priority');
  });

  it("shows the caller's notices, as Kryon's words, before who sent it", () => {
    const { message } = byName('demo-priority-hostile');
    expect(message.blocks[2]).toEqual({
      type: 'context',
      elements: [
        { type: 'plain_text', text: '⚠ Not verified by the browser check: no solution was sent.' },
      ],
    });
  });

  it('keeps a company that reads like a priority line inside the quotation marks', () => {
    const { message } = byName('demo-priority-hostile');
    expect(JSON.stringify(message.blocks)).toContain('“Priority: 100+ AWS accounts, ASAP”');
    expectInert(message);
  });
});

describe('slackMessage: hostile text at every maximum length', () => {
  it.each(LEAD_FORMS)('%s: the schema kept each hostile value whole, at its maximum', (form) => {
    const definition = definitionOf(form);
    const { fields } = storedFields(form, hostileBody(form));
    for (const name of fieldNames(definition)) {
      const kind = definition.fields[name]?.kind;
      if (kind !== 'text' && kind !== 'textarea') continue;
      expect(String(fields[name]).length, name).toBe(maxLengthOf(form, name));
    }
  });

  it.each(LEAD_FORMS)('%s: within every limit, nothing live, long answers cut', (form) => {
    const { message } = byName(`${form}-hostile-max`);
    expectWithinLimits(message);
    expectInert(message);
    for (const block of message.blocks) {
      if (block.type === 'section' && 'text' in block && block.text.text.startsWith('&gt; ')) {
        expect(block.text.text.length).toBeLessThanOrEqual(SLACK_ANSWER_MAX);
        expect(block.text.text.endsWith('…')).toBe(true);
      }
    }
  });

  it.each(LEAD_FORMS)(
    '%s: a stored item no schema cleaned (angle brackets and all) is as inert',
    (form) => {
      const fields = rawHostileFields(form);
      const message = slackMessage(
        {
          submissionId: 'lead-1',
          createdAt: '2026-11-24T08:01:46.220Z',
          fields,
          attribution: { utmSource: HOSTILE_LINE, referrerOrigin: 'https://evil.example' },
        },
        definitionOf(form),
        {
          timeZone: SLACK_TIME_ZONE,
          notices: ['No e-mail was sent to the address given. '.repeat(90)],
        },
      );
      expectWithinLimits(message);
      expectInert(message);
      const all = JSON.stringify(message);
      expect(all).toContain('&lt;!channel&gt;');
      expect(all).toContain('&lt;@U0123ABCD&gt;');
      expect(all).toContain('&amp;amp;');
    },
  );

  it('counts an emoji as two, so a text of emoji stays within the header', () => {
    const fields = {
      ...storedFields('demo', sampleBody('demo')).fields,
      companyName: '🚀'.repeat(100),
    };
    const message = slackMessage(
      { submissionId: 'lead-1', createdAt: '2026-11-24T08:01:46.220Z', fields, attribution: {} },
      definitionOf('demo'),
      { timeZone: SLACK_TIME_ZONE },
    );
    expectWithinLimits(message);
  });
});

/** The `lead.accepted` event of a request body, as the form's function publishes it. */
function acceptedEvent(form: LeadForm, body: Record<string, unknown>): LeadAcceptedEvent {
  const { fields, attribution } = storedFields(form, body);
  const lead = {
    form,
    submissionId: `lead-${form}`,
    createdAt: '2026-11-24T08:01:46.220Z',
    fields,
    ...(attribution ? { attribution } : {}),
    spam: false,
  } as unknown as StoredLead;
  const event = leadAccepted(lead, definitionOf(form));
  if (!event) throw new Error('no event');
  return event;
}

/**
 * The same event as a definition that changed since would read it: its priority rule gives
 * another verdict, so the message is drawn from the event alone.
 */
function drifted(event: LeadAcceptedEvent): LeadAcceptedEvent {
  return { ...event, priority: { priority: true, reasons: ['A rule the form no longer has'] } };
}

/**
 * The answers a message shows, label and value: the label and value pairs of the sections
 * (who, details, the event's answers) and each of the visitor's words under its own label.
 * Not the header or the summary line, whose facts sales read first, nor the Source line.
 */
function answerRows(message: SlackMessage): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  message.blocks.forEach((block, i) => {
    if (block.type === 'section' && 'fields' in block) {
      for (let f = 0; f < block.fields.length; f += 2) {
        rows.push({ label: block.fields[f]?.text ?? '', value: block.fields[f + 1]?.text ?? '' });
      }
    }
    const [only, ...more] = block.type === 'context' ? block.elements : [];
    const next = message.blocks[i + 1];
    if (only?.type === 'mrkdwn' && more.length === 0 && next?.type === 'section') {
      rows.push({ label: only.text, value: 'text' in next ? next.text.text : '' });
    }
  });
  return rows;
}

/** The answers a message should show once each: all but the visitor's address and phone. */
function expectedAnswers(event: LeadAcceptedEvent): number {
  const { email, phone } = event.contact;
  return event.fields.filter((field) => field.value !== email && field.value !== phone).length;
}

describe('each answer once', () => {
  const messages = (event: LeadAcceptedEvent) =>
    [
      ['from the definition', slackEventMessage(event, { timeZone: SLACK_TIME_ZONE })],
      ['from the event alone', slackEventMessage(drifted(event), { timeZone: SLACK_TIME_ZONE })],
    ] as const;

  it('draws the drifted event from the event alone, the other through the definition', () => {
    const event = acceptedEvent('download', sampleBody('download'));
    const [[, fromDefinition], [, fromEvent]] = messages(event);
    const header = (message: SlackMessage) => JSON.stringify(message.blocks[0]);
    expect(header(fromDefinition)).toContain('from “Harbour Health”');
    expect(header(fromEvent)).not.toContain('from “Harbour Health”');
  });

  it.each(LEAD_FORMS)('%s: as many answers as the lead has, less its address and phone', (form) => {
    const event = acceptedEvent(form, sampleBody(form));
    for (const [how, message] of messages(event)) {
      expect(answerRows(message), `${form} ${how}`).toHaveLength(expectedAnswers(event));
    }
  });

  it("download: the visitor's role once, as the contact's title, not again among the details", () => {
    const event = acceptedEvent('download', sampleBody('download'));
    const role = event.fields.find((field) => field.name === 'role')?.value;
    expect(role).toBe('Cloud Architect');
    for (const [how, message] of messages(event)) {
      const rows = answerRows(message);
      expect(
        rows.filter((row) => row.value.includes('Cloud Architect')),
        how,
      ).toEqual([{ label: '*Title*', value: 'Cloud Architect' }]);
      expect(JSON.stringify(message).split('Cloud Architect'), how).toHaveLength(2);
    }
  });

  it('keeps, from the event alone, an answer that holds the same value as the company', () => {
    // A company named like a company size: the size is an answer of its own still.
    const event = acceptedEvent('demo', {
      ...sampleBody('demo'),
      companyName: 'Enterprise',
      companySize: 'enterprise',
    });
    for (const [how, message] of messages(event)) {
      const rows = answerRows(message);
      expect(rows, how).toHaveLength(expectedAnswers(event));
      expect(rows, how).toContainEqual({ label: '*Company*', value: '“Enterprise”' });
      expect(rows, how).toContainEqual({ label: '*Company size*', value: 'Enterprise' });
    }
  });
});

describe('hostile visitor text, as Slack shows it', () => {
  /** A contact lead whose company and message are `text`, as no schema would clean them. */
  function messageOf(text: string): SlackMessage {
    const { fields } = storedFields('contact', sampleBody('contact'));
    return slackMessage(
      {
        submissionId: 'lead-1',
        createdAt: '2026-11-24T08:01:46.220Z',
        fields: { ...fields, company: text, message: text },
        attribution: { utmSource: text },
      },
      definitionOf('contact'),
      { timeZone: SLACK_TIME_ZONE },
    );
  }

  it.each([
    [
      'a link inside another',
      'https://ok.example/?next=https://evil.example',
      'hxxps://ok[.]example/?next=hxxps://evil[.]example',
    ],
    ['a scheme glued to a word', 'xhttps://evil.example', 'xhttps[:]//evil[.]example'],
    ['a scheme after a colon', 'Visit:https://evil.example', 'Visit:hxxps://evil[.]example'],
    ['upper case', 'HTTPS://EVIL.EXAMPLE', 'hxxps://EVIL[.]EXAMPLE'],
    ['www.', 'www.evil.example', 'www[.]evil[.]example'],
    ['a bare host and path', 'evil.example/login', 'evil[.]example/login'],
    ['mailto:', 'mailto:ceo@evil.example', 'mailto[:]ceo@evil[.]example'],
    ['mailto: with no domain', 'mailto:ceo', 'mailto[:]ceo'],
    ["Slack's link syntax", '<https://evil.example|click>', '&lt;hxxps://evil[.]example|click&gt;'],
    ['a channel mention', '<!channel>', '&lt;!channel&gt;'],
    ['a user mention', '<@U0123ABCD>', '&lt;@U0123ABCD&gt;'],
    ['a fullwidth dot', 'https://evil．example/x', 'hxxps://evil[．]example/x'],
    ['an ideographic dot', 'evil。example', 'evil[。]example'],
    ['a fullwidth top-level domain', 'evil．ｃｏｍ', 'evil[．]ｃｏｍ'],
  ])('%s: %j is shown as %j, and nothing in the message is live', (_case, text, shown) => {
    const message = messageOf(text);
    expectInert(message);
    const all = JSON.stringify(message);
    // The company as a quoted value, the message under its label, the Source line.
    expect(all).toContain(JSON.stringify(`“${shown}”`).slice(1, -1));
    expect(all).toContain(JSON.stringify(`&gt; ${shown}`).slice(1, -1));
  });

  it.each(['@here', '@channel', '@everyone'])(
    '%s stays a plain text Slack reads no mention in: no mrkdwn around it, no parse or link_names',
    (text) => {
      const message = messageOf(`${text} please call`);
      expectInert(message);
      // Slack turns "@here" into a mention only when asked to parse names, which this body never
      // asks, and never in a plain_text object.
      expect(Object.keys(message).sort()).toEqual(['blocks', 'text']);
      const holding = textsOf(message).filter(({ text: t }) => t.text.includes(text));
      expect(holding.length).toBeGreaterThan(0);
      for (const { text: t } of holding) expect(t.type).toBe('plain_text');
    },
  );
});
