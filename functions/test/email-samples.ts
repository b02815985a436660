import { LEAD_FORMS } from '@kryon/shared/api';
import { salesDigest } from '../src/leads/digest.ts';
import { visitorAddress } from '../src/leads/form-definition.ts';
import { formDefinition } from '../src/leads/forms.ts';
import type { BrowserCheck, StoredLead } from '../src/leads/lead.ts';
import { salesNotification, visitorEmail } from '../src/leads/notification.ts';
import type { OutgoingEmail } from '../src/leads/ports.ts';
import { sampleBody } from './events.ts';

/** One rendered e-mail, named for a file or a test title. */
export interface EmailSample {
  name: string;
  email: OutgoingEmail;
}

const SALES = 'sales@kryon.example';
const SITE_ORIGIN = 'https://www.kryon.example';

/** Paragraphs as a visitor types them, long enough to wrap on a phone. */
const LONG_MESSAGE = [
  'We run 140 AWS accounts across three organizations after two acquisitions, and nobody can tell us today which IAM roles can reach production data.',
  '',
  'What we need:',
  '- a map of every path from CI/CD roles to customer data stores;',
  '- evidence our auditors accept for PCI DSS 4.0 scoping;',
  '- an answer on EU data residency before the board meeting on the 12th.',
  '',
  'A hands-on session with our platform team (about 12 people) would be ideal. https://northwind-finance.example/very/long/path/that/does/not/break/anywhere/on/its/own',
].join('\n');

/** A company name that reads like the priority band, as an attacker would type it. */
export const HOSTILE_COMPANY = 'Priority: 100+ AWS accounts, ASAP';
/** A message whose lines read like the system's notices and its reply button. */
export const HOSTILE_MESSAGE = [
  '! Verified by the browser check.',
  '',
  'Reply by e-mail: https://kryon-sales.evil.example/reply?lead=1',
  'Or write to billing@evil.example, or see www.evil.example.',
].join('\n');

function sales(
  form: (typeof LEAD_FORMS)[number],
  data: Record<string, unknown>,
  extra: { notices?: string[]; extraRows?: { label: string; value: string }[] } = {},
) {
  const definition = formDefinition(form);
  if (!definition) throw new Error(`no definition for ${form}`);
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) throw new Error(`the ${form} sample is not valid`);
  return salesNotification({
    definition,
    data: parsed.data,
    submissionId: '0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8d',
    createdAt: '2026-11-24T08:01:46.220Z',
    recipients: [SALES],
    timeZone: 'Europe/Berlin',
    ...extra,
  });
}

/**
 * Every kind of e-mail the functions send: each form's sales e-mail (with a priority demo,
 * a long multi-line message, notices and an extra row among them) and each confirmation.
 */
export function emailSamples(): EmailSample[] {
  const samples: EmailSample[] = [];
  for (const form of LEAD_FORMS) {
    samples.push({ name: `sales-${form}`, email: sales(form, sampleBody(form)) });
  }
  samples.push({
    name: 'sales-demo-priority-long',
    email: sales(
      'demo',
      {
        ...sampleBody('demo'),
        companyName: 'Northwind Finance & Insurance Holdings International Group Ltd',
        demoType: 'hands-on',
        timeframe: 'asap',
        urgency: 'critical',
        specificUseCases: LONG_MESSAGE,
      },
      {
        notices: ['Not verified by the browser check: no solution was sent.'],
        extraRows: [{ label: 'Source', value: 'linkedin / paid-social / q4-cspm' }],
      },
    ),
  });
  samples.push({
    name: 'sales-demo-priority-hostile',
    email: sales(
      'demo',
      {
        ...sampleBody('demo'),
        companyName: HOSTILE_COMPANY,
        awsEnvironmentSize: '100+',
        timeframe: 'asap',
        specificUseCases: HOSTILE_MESSAGE,
      },
      {
        extraRows: [{ label: 'Source', value: 'from https://news.evil.example, sent from /demo' }],
      },
    ),
  });
  samples.push({
    name: 'sales-contact-no-company',
    email: sales('contact', {
      ...sampleBody('contact'),
      company: undefined,
      message: LONG_MESSAGE,
    }),
  });
  for (const form of LEAD_FORMS) {
    const definition = formDefinition(form);
    if (!definition?.visitorMessage) continue;
    const data = definition.schema.parse(sampleBody(form));
    samples.push({
      name: `visitor-${form}`,
      email: visitorEmail({
        message: definition.visitorMessage(data, {
          siteOrigin: SITE_ORIGIN,
          reportUrl: (item) =>
            `${SITE_ORIGIN}/api/email/report?lead=3f6c&item=${item}&exp=1796000000&sig=Yk3wC9bR2xT8mN1pQ4vL7sH0jF5gD6aE`,
          reportLinkDays: 7,
        }),
        to: visitorAddress(definition, data),
        replyTo: [SALES],
        form,
        submissionId: '3f6c2a1e-9b8d-4c7e-a5f0-1d2e3f4a5b6c',
        fromName: 'Kryon Sales',
      }),
    });
  }
  samples.push({ name: 'sales-digest', email: digestSample() });
  return samples;
}

/**
 * A digest of held unverified leads: one of each form, a long company, a typed link, and one
 * client network's surplus counted on a line of its own.
 */
function digestSample(): OutgoingEmail {
  const checks: BrowserCheck[] = ['missing', 'invalid', 'expired', 'replayed', 'wrong-form'];
  const entries = LEAD_FORMS.map((form, i) => {
    const definition = formDefinition(form);
    if (!definition) throw new Error(`no definition for ${form}`);
    const fields: Record<string, unknown> = definition.schema.parse(sampleBody(form));
    if (form === 'contact') fields.company = 'Visit https://evil.example/login to verify';
    if (form === 'partner') {
      fields.company = 'Northwind Finance & Insurance Holdings International Group Ltd (EMEA)';
    }
    const lead: StoredLead = {
      form,
      submissionId: `0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8${i}`,
      idempotencyKey: `key-${i}`,
      payloadHash: 'hash',
      createdAt: `2026-11-24T08:${String(10 + i * 7).padStart(2, '0')}:46.220Z`,
      fields,
      emailHash: 'hash',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      browserCheck: checks[i % checks.length],
      emailStatus: 'pending',
      emails: { sales: { status: 'held', attempts: 0 } },
      expiresAt: 0,
    };
    return { lead, definition, leaseToken: 'preview' };
  });
  const [first] = entries;
  if (!first) throw new Error('no form to sample');
  const counted = Array.from({ length: 37 }, (_, i) => ({
    ...first,
    lead: {
      ...first.lead,
      submissionId: `counted-${i}`,
      createdAt: `2026-11-24T08:${String(20 + i).padStart(2, '0')}:05.000Z`,
      networkHash: '5e0c7a92d41b',
    },
  }));
  return salesDigest({ entries, counted, recipients: [SALES], timeZone: 'Europe/Berlin' });
}
