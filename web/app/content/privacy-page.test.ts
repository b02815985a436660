// @vitest-environment node
import { LEAD_FORMS } from '@kryon/shared/api';
import { DATA_RETENTION } from '@kryon/shared/constants';
import { betaAccessSchema } from '@kryon/shared/forms/beta-access';
import { contactSchema } from '@kryon/shared/forms/contact';
import { demoSchema } from '@kryon/shared/forms/demo';
import { downloadSchema } from '@kryon/shared/forms/download';
import { partnerSchema } from '@kryon/shared/forms/partner';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../paths.ts';
import { leadDestinationKinds, SITE } from '../site-config.ts';
import {
  destinationRecipients,
  destinationRetention,
  privacyPageCopy,
  retentionText,
} from './privacy-page.ts';
import type { Inline, PrivacyBlock, PrivacyFormEntry, RichText } from './privacy-types.ts';

const SCHEMAS = {
  contact: contactSchema,
  partner: partnerSchema,
  demo: demoSchema,
  'beta-access': betaAccessSchema,
  download: downloadSchema,
} as const;

const blocks = privacyPageCopy.sections.flatMap((s) => s.blocks as PrivacyBlock[]);
const formEntries = blocks.flatMap((b) => (b.kind === 'forms' ? [...b.forms] : []));

function plain(text: RichText): string {
  return typeof text === 'string'
    ? text
    : text.map((p) => (typeof p === 'string' ? p : p.text)).join('');
}

function links(text: RichText): Exclude<Inline, string>[] {
  return typeof text === 'string' ? [] : text.filter((p) => typeof p !== 'string');
}

/** Every sentence of the notice, as a reader sees it. */
const allText = [
  privacyPageCopy.hero.text,
  ...blocks.flatMap((b) =>
    b.kind === 'paragraph'
      ? [plain(b.text)]
      : b.kind === 'list'
        ? b.items.map(plain)
        : b.forms.flatMap((f) => [f.purpose, ...Object.values(f.fields)]),
  ),
].join('\n');

describe('privacy notice: what each form collects', () => {
  it('describes every lead form once', () => {
    expect(formEntries.map((f) => f.form).sort()).toEqual([...LEAD_FORMS].sort());
  });

  it.each(formEntries.map((entry) => [entry.form, entry] as const))(
    'names every field the %s schema accepts, and no other',
    (form, entry: PrivacyFormEntry) => {
      const schemaFields = Object.keys(SCHEMAS[form].shape).sort();
      expect(Object.keys(entry.fields).sort()).toEqual(schemaFields);
      for (const note of Object.values(entry.fields)) expect(note.trim()).not.toBe('');
    },
  );

  it('links each form to the page it is on', () => {
    const paths: readonly string[] = Object.values(PATHS);
    for (const entry of formEntries) expect(paths).toContain(entry.page.to);
  });
});

describe('privacy notice: retention', () => {
  it('states the retention the infrastructure applies, in days and in years', () => {
    expect(DATA_RETENTION.leadDays).toBe(730);
    expect(allText).toContain(`${DATA_RETENTION.leadDays} days (about 2 years)`);
    expect(privacyPageCopy.meta.description).toContain(`${DATA_RETENTION.leadDays} days`);
    expect(allText).toContain(`${DATA_RETENTION.logDays} days (about 3 months)`);
  });

  it('rounds to a figure a reader can picture', () => {
    expect(retentionText(730)).toBe('730 days (about 2 years)');
    expect(retentionText(365)).toBe('365 days (about 1 year)');
    expect(retentionText(90)).toBe('90 days (about 3 months)');
    expect(retentionText(30)).toBe('30 days (about 1 month)');
  });
});

describe('privacy notice: the rest of what it must say', () => {
  it('names who is responsible and how to reach them, with no invented address', () => {
    expect(allText).toContain(SITE.legalName);
    const hrefs = blocks.flatMap((b) => (b.kind === 'paragraph' ? links(b.text) : []));
    expect(hrefs).toContainEqual({
      text: SITE.departments.sales,
      href: `mailto:${SITE.departments.sales}`,
    });
    expect(hrefs).toContainEqual({ text: 'contact page', to: PATHS.contact });
  });

  it('says what is stored besides the answers', () => {
    for (const phrase of [
      'keyed hash of your IP address',
      'keyed hash of your e-mail address',
      'user agent',
      'retried',
      'browser check',
      'first opened the report',
      'first page you opened',
      'utm_',
      'the page you sent the form from',
    ]) {
      expect(allText).toContain(phrase);
    }
  });

  it('names the recipients, the processors, the cookies and trackers it does not use, the rights and how to use them', () => {
    for (const phrase of [
      'sales team',
      'Amazon Web Services',
      'DynamoDB',
      'SES',
      'no cookies',
      'no third-party scripts',
      'web fonts',
      'session storage',
      'access',
      'correction',
      'erasure',
      'objection',
      'supervisory authority',
      '35 days',
    ]) {
      expect(allText).toContain(phrase);
    }
  });

  it('names the kinds of destination a deployment sends leads to, and none it does not', () => {
    expect(destinationRecipients([])).toEqual([]);
    const [slack, webhook] = destinationRecipients(leadDestinationKinds('webhook, slack,sms'));
    expect(slack).toContain('Slack');
    expect(slack).toContain('without your e-mail address');
    expect(webhook).toContain('customer-relationship');
    expect(webhook).toContain('erase');
    expect(destinationRetention([])).toEqual([]);
    expect(destinationRetention(['webhook'])[0]).toMatch(/30 days.*none of them is sent again/);
    // This build names what VITE_LEAD_DESTINATIONS says: none in the tests' build.
    expect(allText.includes('Slack')).toBe(SITE.leadDestinations.includes('slack'));
  });

  it('is dated 2026-11-29 and gives every section its own anchor', () => {
    expect(privacyPageCopy.lastUpdated.date).toBe('2026-11-29');
    const ids = privacyPageCopy.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    expect(privacyPageCopy.meta.description.length).toBeLessThanOrEqual(160);
  });
});
