import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { ATTRIBUTION_LIMITS } from '@kryon/shared/constants';
import { fieldNames } from '@kryon/shared/forms/lead-form';
import { cleanLine } from '@kryon/shared/text';
import { splitAttribution } from '../src/leads/attribution.ts';
import type { FormDefinition } from '../src/leads/form-definition.ts';
import { formDefinition } from '../src/leads/forms.ts';
import { type SlackMessage, slackMessage } from '../src/leads/slack-message.ts';
import { HOSTILE_COMPANY, HOSTILE_MESSAGE } from './email-samples.ts';
import { sampleBody } from './events.ts';

/** One rendered Slack message, named for a file or a test title. */
export interface SlackSample {
  name: string;
  form: LeadForm;
  message: SlackMessage;
}

export const SLACK_TIME_ZONE = 'Europe/Berlin';

/**
 * One line of everything Slack would act on in text it parses: mentions (`@channel`,
 * `<!here>`, a user), a link with its own label, bare links, mrkdwn formatting and entities.
 */
export const HOSTILE_LINE =
  '@channel <!here> <!channel> <@U0123ABCD> <#C0123ABCD> <!subteam^S0123> ' +
  '<https://evil.example/login|Open the lead> https://evil.example/a?x=1 www.evil.example ' +
  'evil.example mailto:ceo@evil.example *bold* _italic_ ~strike~ `code` ```block``` ' +
  '&amp; &lt;!channel&gt; :rotating_light: > quote ';

export function definitionOf(form: LeadForm): FormDefinition {
  const definition = formDefinition(form);
  if (!definition) throw new Error(`no definition for ${form}`);
  return definition;
}

/** A request body through the form's schema, split as the store keeps it. */
export function storedFields(form: LeadForm, body: Record<string, unknown>) {
  const parsed = definitionOf(form).schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`the ${form} body is not valid: ${JSON.stringify(parsed.error.issues)}`);
  }
  return splitAttribution(parsed.data as Record<string, unknown>);
}

function lead(form: LeadForm, body: Record<string, unknown>, index = 0) {
  const { fields, attribution } = storedFields(form, body);
  return {
    submissionId: `0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8${index}`,
    createdAt: '2026-11-24T08:01:46.220Z',
    fields,
    attribution,
  };
}

/** Whether the schema takes `value` for this one field of an otherwise valid body. */
function fieldAccepts(form: LeadForm, name: string, value: string): boolean {
  const parsed = definitionOf(form).schema.safeParse({ ...sampleBody(form), [name]: value });
  return parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === name);
}

/**
 * The longest value the schema accepts for a typed field, found by asking the schema itself,
 * so the test follows any limit a form changes.
 */
export function maxLengthOf(form: LeadForm, name: string): number {
  let low = 1;
  let high = 20_000;
  if (fieldAccepts(form, name, 'x'.repeat(high))) throw new Error(`${form}.${name}: no maximum`);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fieldAccepts(form, name, 'x'.repeat(mid))) low = mid;
    else high = mid;
  }
  return low;
}

/** `pattern` repeated to exactly `length` characters. */
function repeatTo(pattern: string, length: number): string {
  return pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
}

/**
 * Every typed field the message shows filled with hostile text at the schema's maximum
 * (multi-line where the field takes lines), and the longest hostile attribution there is.
 */
export function hostileBody(form: LeadForm): Record<string, unknown> {
  const definition = definitionOf(form);
  const body: Record<string, unknown> = { ...sampleBody(form) };
  for (const name of fieldNames(definition)) {
    const kind = definition.fields[name]?.kind;
    // The address and the phone are checked by pattern and never shown in Slack.
    if (kind !== 'text' && kind !== 'textarea') continue;
    // What the schema stores of HOSTILE_LINE (its text rule removes angle brackets), at
    // exactly the maximum: a fixed point of the rule, so the stored value is this long.
    const line = cleanLine(HOSTILE_LINE);
    const pattern = kind === 'textarea' ? `${line}\n` : `${line} `;
    // Trimmed by the schema: a value that ends in a space would come back shorter.
    body[name] = `${repeatTo(pattern, maxLengthOf(form, name) - 1)}x`;
  }
  const utm = repeatTo('<!channel>*b*https://evil.example/', ATTRIBUTION_LIMITS.utmMax);
  const host = `${repeatTo('evil-', ATTRIBUTION_LIMITS.originMax - 'https://.example'.length - 10)}x.example`;
  body.attribution = {
    landingPath: `/${repeatTo('a/<b>*c*', ATTRIBUTION_LIMITS.pathMax - 1)}`.replace(/[<>]/g, '_'),
    referrerOrigin: `https://${host}`.slice(0, ATTRIBUTION_LIMITS.originMax),
    utmSource: utm,
    utmMedium: utm,
    utmCampaign: utm,
    utmTerm: utm,
    utmContent: utm,
    formPath: `/${form}`,
  };
  return body;
}

/**
 * A stored lead's fields as no schema would keep them (an item older than the text rule, or
 * edited by hand): every typed field the message shows is HOSTILE_LINE, angle brackets and
 * all, at the schema's maximum length.
 */
export function rawHostileFields(form: LeadForm): Record<string, unknown> {
  const definition = definitionOf(form);
  const { fields } = storedFields(form, sampleBody(form));
  for (const name of fieldNames(definition)) {
    const kind = definition.fields[name]?.kind;
    if (kind !== 'text' && kind !== 'textarea') continue;
    const pattern = kind === 'textarea' ? `${HOSTILE_LINE}\n` : HOSTILE_LINE;
    fields[name] = repeatTo(pattern, maxLengthOf(form, name));
  }
  return fields;
}

/** The options that make a lead a priority on the forms that ask for them. */
const PRIORITY: Partial<Record<LeadForm, Record<string, unknown>>> = {
  demo: { awsEnvironmentSize: '100+', timeframe: 'asap', demoType: 'hands-on' },
  'beta-access': { awsEnvironmentSize: '100+' },
  partner: { companySize: '1000+' },
};

/**
 * Each form's message from its committed sample, a priority demo request whose company and
 * answer read like Kryon's own lines, and each form with every shown field hostile and at
 * its maximum length.
 */
export function slackSamples(): SlackSample[] {
  const samples: SlackSample[] = [];
  const add = (name: string, form: LeadForm, body: Record<string, unknown>, notices?: string[]) => {
    samples.push({
      name,
      form,
      message: slackMessage(lead(form, body, samples.length % 10), definitionOf(form), {
        timeZone: SLACK_TIME_ZONE,
        ...(notices ? { notices } : {}),
      }),
    });
  };
  for (const form of LEAD_FORMS) add(form, form, sampleBody(form));
  add(
    'demo-priority-hostile',
    'demo',
    {
      ...sampleBody('demo'),
      ...PRIORITY.demo,
      companyName: HOSTILE_COMPANY,
      specificUseCases: HOSTILE_MESSAGE,
    },
    ['Not verified by the browser check: no solution was sent.'],
  );
  for (const form of LEAD_FORMS) {
    add(`${form}-hostile-max`, form, { ...hostileBody(form), ...PRIORITY[form] });
  }
  return samples;
}
