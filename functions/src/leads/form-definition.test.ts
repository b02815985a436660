import {
  contactWithJobTitleDefinition,
  contactWithJobTitleSchema,
} from '@kryon/shared/forms/contact-with-job-title.fixture';
import { describe, expect, it } from 'vitest';
import { leadRows } from '../../scripts/leads-export.ts';
import { defineForm, type FormDefinition, type LeadData } from './form-definition.ts';
import { contactWords } from './forms/contact.ts';
import { salesNotification } from './notification.ts';

/**
 * A field added to a form's shared definition (the contact form plus a job title, with the
 * backend's words unchanged) reaches the sales e-mail and the export with no edit here.
 */
describe('a field added to the shared definition', () => {
  const data = contactWithJobTitleSchema.parse({
    name: 'Jane Cooper',
    email: 'jane@acme.example',
    subject: 'pricing',
    message: 'Please tell me about pricing.',
    jobTitle: 'Head of Cloud Security',
  });
  const definition = defineForm(contactWithJobTitleDefinition, contactWords);
  const notify = (form: FormDefinition, fields: LeadData) =>
    salesNotification({
      definition: form,
      data: fields,
      submissionId: 'sub-1',
      createdAt: '2026-11-24T08:01:46.220Z',
      recipients: ['sales@kryon.example'],
      timeZone: 'Europe/Berlin',
    });

  it('is shown to sales among the details, under its label', () => {
    const email = notify(definition, data);
    expect(email.text).toContain(
      'Details\nSubject: Pricing\nJob title: “Head of Cloud Security”\n',
    );
    expect(email.html).toContain('Job title');
    expect(email.html).toContain('“Head of Cloud Security”');
  });

  it('is refused in the summary line or the subject, which are the system’s words', () => {
    const summary = { ...contactWithJobTitleDefinition.sales, summary: ['jobTitle' as const] };
    const qualifier = { ...contactWithJobTitleDefinition.sales, qualifier: 'jobTitle' as const };
    expect(() =>
      defineForm({ ...contactWithJobTitleDefinition, sales: summary }, contactWords),
    ).toThrow('jobTitle is free text, not an option');
    expect(() =>
      defineForm({ ...contactWithJobTitleDefinition, sales: qualifier }, contactWords),
    ).toThrow('jobTitle is free text, not an option');
  });

  it('is refused there too when it is no field of the form at all', () => {
    const qualifier = { ...contactWithJobTitleDefinition.sales, qualifier: 'nickname' as never };
    expect(() =>
      defineForm({ ...contactWithJobTitleDefinition, sales: qualifier }, contactWords),
    ).toThrow('nickname is not a field of the form');
  });

  it('stays the visitor’s words when named as the phone: a tel: link comes only from a phone field', () => {
    const sales = {
      ...contactWithJobTitleDefinition.sales,
      contact: { ...contactWithJobTitleDefinition.sales.contact, phone: 'jobTitle' as const },
    };
    const email = notify(defineForm({ ...contactWithJobTitleDefinition, sales }, contactWords), {
      ...data,
      jobTitle: '+1 555 0100, ask for Bob',
    });
    expect(email.text).toContain('Phone: “+1 555 0100, ask for Bob”');
    expect(email.html).not.toContain('tel:');
  });

  it('is a column of the export, after the form’s other fields', () => {
    const [header, row] = leadRows(
      'contact',
      [{ submissionId: 's-1', form: 'contact', createdAt: '2026-11-24', fields: data }],
      contactWithJobTitleDefinition,
    );
    const column = header?.indexOf('jobTitle') ?? -1;
    expect(header?.slice(3, column + 1)).toEqual([
      'name',
      'email',
      'company',
      'subject',
      'message',
      'phone',
      'jobTitle',
    ]);
    expect(row?.[column]).toBe('Head of Cloud Security');
    // A column of its own even before any lead has one (not only as a stored extra field).
    expect(leadRows('contact', [], contactWithJobTitleDefinition)[0]).toContain('jobTitle');
  });
});
