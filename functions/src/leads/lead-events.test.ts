import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { describe, expect, it } from 'vitest';
import { sampleBody } from '../../test/events.ts';
import { FORM_DEFINITIONS } from './forms.ts';
import type { StoredLead } from './lead.ts';
import { leadAccepted, leadEvent, leadEventId } from './lead-events.ts';

const CREATED_AT = '2026-11-24T08:01:46.220Z';

/** A stored lead of the form's sample submission, with every private part the store keeps. */
function storedLead(form: LeadForm, overrides: Partial<StoredLead> = {}): StoredLead {
  const { website: _honeypot, ...body } = sampleBody(form);
  const fields = FORM_DEFINITIONS[form].schema.parse(body) as Record<string, unknown>;
  const { attribution, ...rest } = fields;
  return {
    form,
    submissionId: `lead-${form}`,
    idempotencyKey: 'idem-7f3a',
    payloadHash: 'payload-hash-9c1e',
    createdAt: CREATED_AT,
    fields: rest,
    ...(attribution ? { attribution: attribution as StoredLead['attribution'] } : {}),
    emailHash: 'email-hash-4b2d',
    userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
    ipHash: 'ip-hash-8e0a',
    networkHash: 'network-hash-2c6f',
    spam: false,
    fillMs: 48_000,
    browserCheck: 'verified',
    emailStatus: 'sent',
    emails: { sales: { status: 'sent', attempts: 1, messageId: 'msg-sales' } },
    leaseToken: 'lease-5d1b',
    leaseUntil: 1_800_000_000_000,
    expiresAt: 1_900_000_000,
    ...overrides,
  };
}

function accepted(form: LeadForm, overrides: Partial<StoredLead> = {}) {
  const event = leadAccepted(storedLead(form, overrides), FORM_DEFINITIONS[form]);
  if (!event) throw new Error(`no event for the ${form} lead`);
  return event;
}

describe('leadAccepted', () => {
  it('describes a demo request as sales read it: contact, priority, summary, fields, source', () => {
    const event = accepted('demo');

    expect(event).toMatchObject({
      version: 1,
      id: leadEventId('lead-demo', 'lead.accepted'),
      type: 'lead.accepted',
      occurredAt: CREATED_AT,
      leadId: 'lead-demo',
      form: 'demo',
      formTitle: 'Demo request',
      priority: { priority: true, reasons: ['100+ AWS accounts', 'Enterprise'] },
      contact: {
        name: 'Priya Raman',
        email: 'priya.raman@northwind-finance.example',
        company: 'Northwind Finance',
        title: 'Director of Cloud Security',
      },
      attribution: {
        landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
        referrerOrigin: 'https://news.example',
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'q4-launch',
        formPath: '/demo',
      },
    });
    expect(event.summary).toHaveLength(4);
    expect(event.fields.slice(0, 5)).toEqual([
      { name: 'fullName', label: 'Name', value: 'Priya Raman', typed: true },
      {
        name: 'workEmail',
        label: 'Email',
        value: 'priya.raman@northwind-finance.example',
        typed: true,
      },
      { name: 'companyName', label: 'Company', value: 'Northwind Finance', typed: true },
      { name: 'jobTitle', label: 'Job title', value: 'Director of Cloud Security', typed: true },
      { name: 'companySize', label: 'Company size', value: expect.any(String), typed: false },
    ]);
    expect(event.fields.find((f) => f.name === 'consentProcessing')).toEqual({
      name: 'consentProcessing',
      label: 'Consent to data processing',
      value: 'Yes',
      typed: false,
    });
    // Options read as their labels, never their values.
    expect(event.fields.map((f) => f.value)).not.toContain('enterprise');
  });

  it.each(LEAD_FORMS)(
    'gives a %s lead an event the published schema accepts, every field labelled as the form does',
    (form) => {
      const definition = FORM_DEFINITIONS[form];
      const event = accepted(form);

      expect(leadEvent.safeParse(event).success).toBe(true);
      expect(event.form).toBe(form);
      expect(event.contact.email).toBe(
        String(event.fields.find((f) => f.typed && f.value.includes('@'))?.value),
      );
      for (const field of event.fields) {
        expect(field.label).toBe(
          (definition.fields as Record<string, { label: string }>)[field.name]?.label,
        );
        expect(field.value).not.toBe('');
      }
      // The order the visitor met them in.
      const order = Object.keys(definition.fields);
      const indexes = event.fields.map((f) => order.indexOf(f.name));
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    },
  );

  it('marks only a form that asks a qualifying question as a priority', () => {
    expect(accepted('contact').priority).toEqual({ priority: false, reasons: [] });
    expect(accepted('download').priority).toEqual({ priority: false, reasons: [] });
    expect(accepted('download').summary).toEqual([expect.stringMatching(/privilege escalation/i)]);
  });

  it('leaves out every hash, the user agent, the spam and browser-check verdicts and the keys', () => {
    for (const form of LEAD_FORMS) {
      const body = JSON.stringify(accepted(form));
      for (const secret of [
        'email-hash-4b2d',
        'ip-hash-8e0a',
        'network-hash-2c6f',
        'Mozilla/5.0',
        'idem-7f3a',
        'payload-hash-9c1e',
        'lease-5d1b',
        'msg-sales',
        '48000',
        'verified',
        'honeypot',
      ]) {
        expect(body, `${form}: ${secret}`).not.toContain(secret);
      }
      for (const key of [
        'ipHash',
        'emailHash',
        'networkHash',
        'userAgent',
        'spam',
        'spamReason',
        'browserCheck',
        'fillMs',
        'idempotencyKey',
        'emails',
        'expiresAt',
      ]) {
        expect(body, `${form}: ${key}`).not.toContain(`"${key}"`);
      }
    }
  });

  it('drops an attribution part a stored item holds against the rules', () => {
    const event = accepted('download', {
      attribution: { landingPath: '//evil.example/x', utmSource: 'partner-mail' },
    });

    expect(event.attribution).toEqual({ utmSource: 'partner-mail' });
    expect(accepted('contact').attribution).toBeUndefined();
  });

  it('builds no event for spam or for a synthetic lead', () => {
    const definition = FORM_DEFINITIONS.demo;

    expect(
      leadAccepted(storedLead('demo', { spam: true, spamReason: 'honeypot' }), definition),
    ).toBeUndefined();
    expect(leadAccepted(storedLead('demo', { synthetic: true }), definition)).toBeUndefined();
  });

  it('refuses to read a lead with another form', () => {
    expect(() => leadAccepted(storedLead('demo'), FORM_DEFINITIONS.contact)).toThrow(
      'A demo lead cannot be read with the contact form',
    );
  });

  it('builds the same event, byte for byte, every time it builds it', () => {
    const lead = storedLead('partner');

    expect(JSON.stringify(leadAccepted(lead, FORM_DEFINITIONS.partner))).toBe(
      JSON.stringify(leadAccepted(structuredClone(lead), FORM_DEFINITIONS.partner)),
    );
  });
});

describe('leadEventId', () => {
  it('is one stable id per lead and event type', () => {
    const id = leadEventId('0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8d', 'lead.accepted');

    expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(leadEventId('0b6f2a4e-5c1d-4f8a-9e3b-7d2c1a0f9e8d', 'lead.accepted')).toBe(id);
    // Pinned: a change of the rule would make every receiver take old events for new ones.
    expect(leadEventId('lead-1', 'lead.accepted')).toMatchInlineSnapshot(
      `"evt_9fd81c29b604074062de3cd12fd584a3"`,
    );
  });

  it('differs by lead, by type and by the key of a repeatable event', () => {
    const ids = new Set([
      leadEventId('lead-1', 'lead.accepted'),
      leadEventId('lead-2', 'lead.accepted'),
      leadEventId('lead-1', 'lead.erased'),
      leadEventId('lead-1', 'lead.delivery', 'visitor:delivered'),
      leadEventId('lead-1', 'lead.delivery', 'visitor:bounced'),
      // The separator cannot be forged from the parts.
      leadEventId('lead-1\nlead.accepted', ''),
    ]);

    expect(ids.size).toBe(6);
  });
});

describe('leadEvent', () => {
  it('refuses a payload of another version, an unknown type or a malformed id', () => {
    const event = accepted('contact');

    expect(leadEvent.safeParse({ ...event, version: 2 }).success).toBe(false);
    expect(leadEvent.safeParse({ ...event, type: 'lead.created' }).success).toBe(false);
    expect(leadEvent.safeParse({ ...event, id: 'lead-contact' }).success).toBe(false);
  });

  it('reads a payload with a key added later, as version 1 promises', () => {
    const parsed = leadEvent.safeParse({ ...accepted('contact'), score: 42 });

    expect(parsed.success).toBe(true);
  });
});
