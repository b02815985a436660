import { describe, expect, it } from 'vitest';
import { LEAD_FORMS, type LeadForm } from '../api.ts';
import {
  CHALLENGE_FIELD,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  RESPONSE_PROMISE,
} from '../constants.ts';
import { SUCCESS_MESSAGES } from '../messages.ts';
import { CONTACT_SUBJECTS, INDUSTRIES_LONG } from '../options.ts';
import { betaAccessDefinition } from './beta-access.ts';
import { contactDefinition, contactSchema } from './contact.ts';
import {
  contactWithJobTitleDefinition,
  contactWithJobTitleSchema,
  JOB_TITLE_MESSAGE,
} from './contact-with-job-title.fixture.ts';
import { demoDefinition } from './demo.ts';
import { downloadDefinition } from './download.ts';
import {
  defineLeadForm,
  displayValue,
  emptyValues,
  fieldNames,
  isRequired,
  type LeadFormDefinition,
} from './lead-form.ts';
import { partnerDefinition } from './partner.ts';

/** Every form's definition; `satisfies` makes a form missing here a type error. */
const BY_FORM = {
  contact: contactDefinition,
  partner: partnerDefinition,
  demo: demoDefinition,
  'beta-access': betaAccessDefinition,
  download: downloadDefinition,
} satisfies Record<LeadForm, LeadFormDefinition>;
const DEFINITIONS: LeadFormDefinition[] = Object.values(BY_FORM);

const schemaFields = (definition: LeadFormDefinition) =>
  Object.keys(definition.schema.shape).filter((name) => name !== 'attribution');

describe.each(DEFINITIONS.map((d) => [d.form, d] as const))('%s definition', (_, definition) => {
  it('declares every field of its schema, and no other', () => {
    expect([...fieldNames(definition)].sort()).toEqual(schemaFields(definition).sort());
  });

  it('exports every field once', () => {
    expect([...definition.exportColumns].sort()).toEqual(schemaFields(definition).sort());
  });

  it('shows sales every field somewhere in the e-mail', () => {
    const { sales } = definition;
    const shown = new Set([
      definition.visitorEmail,
      sales.contact.name,
      sales.contact.title,
      sales.contact.phone,
      sales.company,
      ...sales.words,
      ...sales.details,
    ]);
    expect(fieldNames(definition).filter((name) => !shown.has(name))).toEqual([]);
  });

  it('shows sales each field in one place: the contact block, their words or the details', () => {
    const { sales } = definition;
    const places = [
      definition.visitorEmail,
      sales.contact.name,
      sales.contact.title,
      sales.contact.phone,
      sales.company,
      ...sales.words,
      ...sales.details,
    ].filter((name) => name !== undefined);
    expect(places.filter((name, i) => places.indexOf(name) !== i)).toEqual([]);
  });

  it("names an e-mail field as the visitor's address and multi-line fields as their words", () => {
    expect(definition.fields[definition.visitorEmail]?.kind).toBe('email');
    for (const name of definition.sales.words) {
      expect(definition.fields[name]?.kind).toBe('textarea');
    }
  });

  it('names no field like what every submission carries beside the fields', () => {
    const reserved = ['attribution', HONEYPOT_FIELD, FORM_STARTED_FIELD, CHALLENGE_FIELD];
    expect(fieldNames(definition).filter((name) => reserved.includes(name))).toEqual([]);
  });
});

it('answers with the response time the visitor’s e-mail promises', () => {
  // The contact form's answer says "soon", as the specification words it.
  expect(SUCCESS_MESSAGES.partner).toContain(RESPONSE_PROMISE.partner);
  expect(SUCCESS_MESSAGES.demo).toContain(RESPONSE_PROMISE.demo);
  expect(SUCCESS_MESSAGES['beta-access']).toContain(RESPONSE_PROMISE.beta);
  expect(SUCCESS_MESSAGES.download).toContain(RESPONSE_PROMISE.download);
});

it('covers every lead form, each under its own name', () => {
  for (const [form, definition] of Object.entries(BY_FORM)) {
    expect(definition.form).toBe(form);
  }
  expect(DEFINITIONS.map((d) => d.form).sort()).toEqual([...LEAD_FORMS].sort());
});

it('reads required and optional fields from the schema', () => {
  const contact: LeadFormDefinition = contactDefinition;
  expect(isRequired(contact, 'name')).toBe(true);
  expect(isRequired(contact, 'subject')).toBe(true);
  expect(isRequired(contact, 'company')).toBe(false);
  expect(isRequired(contact, 'phone')).toBe(false);
  const demo: LeadFormDefinition = demoDefinition;
  expect(isRequired(demo, 'consentProcessing')).toBe(true);
  expect(isRequired(demo, 'audienceSize')).toBe(false);
});

it('shows values as sales read them', () => {
  expect(displayValue({ kind: 'text', label: 'x' }, 'Acme')).toBe('Acme');
  expect(displayValue({ kind: 'text', label: 'x' }, undefined)).toBeUndefined();
  expect(displayValue({ kind: 'select', label: 'x', options: CONTACT_SUBJECTS }, 'pricing')).toBe(
    'Pricing',
  );
  expect(displayValue({ kind: 'select', label: 'x', options: CONTACT_SUBJECTS }, '')).toBe(
    undefined,
  );
  expect(
    displayValue({ kind: 'checkboxes', label: 'x', options: INDUSTRIES_LONG }, [
      'education',
      'other',
    ]),
  ).toBe('Education, Other');
  expect(displayValue({ kind: 'consent', label: 'x', statement: 's' }, true)).toBe('Yes');
  expect(displayValue({ kind: 'consent', label: 'x', statement: 's' }, undefined)).toBe('No');
});

it('derives the empty form from the kinds, presets from the page', () => {
  expect(emptyValues(contactDefinition)).toEqual({
    name: '',
    email: '',
    company: '',
    phone: '',
    subject: '',
    message: '',
  });
  expect(emptyValues(betaAccessDefinition)).toMatchObject({
    companyVerticals: [],
    consentProcessing: false,
  });
  expect(emptyValues(downloadDefinition, { researchId: 'kev-exposure-prioritization' })).toEqual({
    email: '',
    firstName: '',
    company: '',
    role: '',
    researchId: 'kev-exposure-prioritization',
  });
});

it('refuses a field name its schema does not have (checked by tsc)', () => {
  const definition = defineLeadForm({
    ...contactDefinition,
    schema: contactSchema,
    // @ts-expect-error: "website" is no key of the contact schema.
    visitorEmail: 'website',
  });
  expect(definition.form).toBe('contact');
  defineLeadForm({
    ...contactDefinition,
    schema: contactSchema,
    fields: {
      ...contactDefinition.fields,
      // @ts-expect-error: an extra field the schema does not have.
      website: { kind: 'text', label: 'Website' },
    },
  });
});

describe('a field added to a definition (the contact form plus a job title)', () => {
  const valid = {
    name: 'Jane Cooper',
    email: 'jane@acme.example',
    subject: 'pricing',
    message: 'Please tell me about pricing.',
  };

  it('is validated by the schema, with its own message', () => {
    const ok = contactWithJobTitleSchema.safeParse({ ...valid, jobTitle: ' CISO ' });
    expect(ok.success && ok.data.jobTitle).toBe('CISO');
    const bad = contactWithJobTitleSchema.safeParse({ ...valid, jobTitle: 'X' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['jobTitle', JOB_TITLE_MESSAGE],
    ]);
  });

  it('is a field of the form, shown last, optional, exported last and in the sales details', () => {
    const definition: LeadFormDefinition = contactWithJobTitleDefinition;
    expect(fieldNames(definition).at(-1)).toBe('jobTitle');
    expect(isRequired(definition, 'jobTitle')).toBe(false);
    expect(definition.exportColumns.at(-1)).toBe('jobTitle');
    expect(definition.sales.details).toContain('jobTitle');
    expect(emptyValues(contactWithJobTitleDefinition)).toMatchObject({ jobTitle: '' });
  });
});
