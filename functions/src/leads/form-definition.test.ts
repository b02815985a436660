import {
  contactWithWebsiteDefinition,
  contactWithWebsiteSchema,
} from '@kryon/shared/forms/contact-with-website.fixture';
import { describe, expect, it } from 'vitest';
import { leadRows } from '../../scripts/leads-export.ts';
import { defineForm } from './form-definition.ts';
import { contactWords } from './forms/contact.ts';
import { salesNotification } from './notification.ts';

/**
 * A field added to a form's shared definition (the contact form plus a website, with the
 * backend's words unchanged) reaches the sales e-mail and the export with no edit here.
 */
describe('a field added to the shared definition', () => {
  const data = contactWithWebsiteSchema.parse({
    name: 'Jane Cooper',
    email: 'jane@acme.example',
    subject: 'pricing',
    message: 'Please tell me about pricing.',
    website: 'https://acme.example',
  });
  const definition = defineForm(contactWithWebsiteDefinition, contactWords);

  it('is shown to sales among the details, under its label', () => {
    const email = salesNotification({
      definition,
      data,
      submissionId: 'sub-1',
      createdAt: '2026-11-24T08:01:46.220Z',
      recipients: ['sales@kryon.example'],
      timeZone: 'Europe/Berlin',
    });
    expect(email.text).toContain('Details\nSubject: Pricing\nWebsite: https://acme.example\n');
    expect(email.html).toContain('https://acme.example');
  });

  it('is a column of the export, after the form’s other fields', () => {
    const [header, row] = leadRows(
      'contact',
      [{ submissionId: 's-1', form: 'contact', createdAt: '2026-11-24', fields: data }],
      contactWithWebsiteDefinition,
    );
    const column = header?.indexOf('website') ?? -1;
    expect(header?.slice(3, column + 1)).toEqual([
      'name',
      'email',
      'company',
      'subject',
      'message',
      'phone',
      'website',
    ]);
    expect(row?.[column]).toBe('https://acme.example');
    // A column of its own even before any lead has one (not only as a stored extra field).
    expect(leadRows('contact', [], contactWithWebsiteDefinition)[0]).toContain('website');
  });
});
