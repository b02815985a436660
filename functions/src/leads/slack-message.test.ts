import { LEAD_FORMS } from '@kryon/shared/api';
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
import {
  escapeSlack,
  SLACK_ANSWER_MAX,
  SLACK_FALLBACK_MAX,
  SLACK_LIMITS,
  type SlackMessage,
  type SlackText,
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
    expect(shown, where).not.toMatch(/\bwww\./i);
    expect(shown, where).not.toMatch(/\bmailto:/i);
    expect(shown, where).not.toMatch(/\.(?:example|com)\b/i);
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
