import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { attributionField, isSitePath, isWebOrigin } from './attribution.ts';
import { ATTRIBUTION_LIMITS } from './constants.ts';
import { betaAccessSchema } from './forms/beta-access.ts';
import { contactSchema } from './forms/contact.ts';
import { demoSchema } from './forms/demo.ts';
import { downloadSchema } from './forms/download.ts';
import { partnerSchema } from './forms/partner.ts';

const L = ATTRIBUTION_LIMITS;
const schema = z.object({ attribution: attributionField });

/** What a lead stores for this `attribution` value: parsing it never fails. */
function stored(attribution: unknown) {
  const result = schema.safeParse({ attribution });
  if (!result.success) throw new Error('attribution refused a lead');
  return result.data.attribution;
}

const full = {
  landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
  referrerOrigin: 'https://news.example',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'q4-launch',
  utmTerm: 'iam keys',
  utmContent: 'hero-link',
  formPath: '/demo',
};

describe('attributionField', () => {
  it('keeps a complete, valid attribution as it is', () => {
    expect(stored(full)).toEqual(full);
  });

  it('is optional: missing, undefined, null or empty is no attribution', () => {
    expect(schema.parse({})).toEqual({});
    expect(stored(undefined)).toBeUndefined();
    expect(stored(null)).toBeUndefined();
    expect(stored({})).toBeUndefined();
  });

  it('drops a value of the wrong type, whole or in part, never the lead', () => {
    for (const wrong of ['newsletter', 42, true, [full], () => full]) {
      expect(stored(wrong)).toBeUndefined();
    }
    expect(stored({ ...full, utmSource: 7, landingPath: ['/'], referrerOrigin: null })).toEqual({
      utmMedium: 'email',
      utmCampaign: 'q4-launch',
      utmTerm: 'iam keys',
      utmContent: 'hero-link',
      formPath: '/demo',
    });
  });

  it('drops a part that is only invalid, keeping the others', () => {
    expect(stored({ landingPath: 'demo', formPath: '/demo' })).toEqual({ formPath: '/demo' });
    expect(stored({ referrerOrigin: 'news.example', utmSource: 'x' })).toEqual({ utmSource: 'x' });
    // An object whose every part was dropped is no attribution, not an empty object.
    expect(stored({ landingPath: 'demo', referrerOrigin: 'javascript:alert(1)' })).toBeUndefined();
  });

  it('forgets keys it does not know', () => {
    expect(stored({ formPath: '/demo', gclid: 'abc', __proto__: { x: 1 } })).toEqual({
      formPath: '/demo',
    });
  });

  it('caps every part: paths and origins at 200 characters, utm values at 100', () => {
    const path = `/${'a'.repeat(L.pathMax - 1)}`;
    expect(stored({ landingPath: path, formPath: `${path}b` })).toEqual({ landingPath: path });
    const origin = `https://${'a'.repeat(L.originMax - 'https://.example'.length)}.example`;
    expect(origin).toHaveLength(L.originMax);
    expect(stored({ referrerOrigin: origin })).toEqual({ referrerOrigin: origin });
    expect(stored({ referrerOrigin: `https://a${origin.slice(8)}` })).toBeUndefined();
    const utm = 'c'.repeat(L.utmMax);
    expect(stored({ utmCampaign: utm, utmTerm: `${utm}c` })).toEqual({ utmCampaign: utm });
  });

  it('cleans utm values with the shared text rule before counting them', () => {
    expect(
      stored({
        utmSource: ' news\u200bletter ',
        utmMedium: 'e\u202email',
        utmCampaign: 'q4\r\nBcc: evil@attacker.example',
        utmTerm: '<b>keys</b>',
        utmContent: '=?utf-8?b?QmNj?=',
      }),
    ).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'q4 Bcc: evil@attacker.example',
      utmTerm: 'bkeys/b',
      utmContent: '= ?utf-8?b?QmNj?=',
    });
    // Invisible characters count for nothing: 100 letters and 50 zero-width spaces fit.
    expect(stored({ utmTerm: `${'t'.repeat(L.utmMax)}${'\u200b'.repeat(50)}` })).toEqual({
      utmTerm: 't'.repeat(L.utmMax),
    });
  });

  it('drops utm values that are blank once cleaned, or not well-formed text', () => {
    expect(stored({ utmSource: ' \u200b\u2060 ', utmMedium: '', utmCampaign: 'q4' })).toEqual({
      utmCampaign: 'q4',
    });
    expect(stored({ utmSource: 'news\ud800letter', utmCampaign: 'q4' })).toEqual({
      utmCampaign: 'q4',
    });
  });
});

describe('isSitePath', () => {
  it('accepts paths as browsers report them', () => {
    for (const path of [
      '/',
      '/demo',
      '/security-intelligence/identity-risks/long-lived-access-keys',
      '/research-archive/',
      '/caf%C3%A9',
      "/a-b_c.d~e!$&'()*+,;=:@",
    ]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('refuses what is not a path on this site', () => {
    for (const path of [
      '',
      'demo',
      'https://kryon.example/demo',
      '//evil.example/demo',
      '/demo?utm_source=x',
      '/demo#top',
      '/de mo',
      '/demo\n',
      '/demo\u0000',
      '/demo\u200b',
      '/"><script>',
      '/café',
      '\\demo',
    ]) {
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    }
  });
});

describe('isWebOrigin', () => {
  it('accepts http and https origins', () => {
    for (const origin of [
      'https://news.example',
      'http://localhost:8080',
      'https://xn--caf-dma.example',
      'https://[::1]:8443',
    ]) {
      expect(isWebOrigin(origin), origin).toBe(true);
    }
  });

  it('refuses full URLs, other schemes and anything not written as an origin', () => {
    for (const value of [
      '',
      'news.example',
      'https://news.example/',
      'https://news.example/article?id=1',
      'https://user:pw@news.example',
      'https://News.Example',
      'https://news.example:443',
      'ftp://news.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'null',
      'https://news.example\r\nBcc: x',
      ' https://news.example',
    ]) {
      expect(isWebOrigin(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('every lead form', () => {
  const leads = [
    {
      schema: contactSchema,
      lead: { name: 'Ada', email: 'ada@example.com', subject: 'demo', message: 'Hello there!' },
    },
    {
      schema: downloadSchema,
      lead: {
        email: 'ada@example.com',
        firstName: 'Ada',
        company: 'Engines',
        role: 'ciso',
        researchId: 'q3-2026-privilege-escalation-report',
      },
    },
  ];

  it('carries the attribution and accepts the lead with a broken one, which it drops', () => {
    for (const { schema: form, lead } of leads) {
      expect(form.parse({ ...lead, attribution: full }).attribution).toEqual(full);
      const broken = form.safeParse({ ...lead, attribution: { landingPath: 'x', formPath: 1 } });
      expect(broken.success).toBe(true);
      expect(broken.data?.attribution).toBeUndefined();
      expect(form.safeParse({ ...lead, attribution: 'x'.repeat(10_000) }).success).toBe(true);
    }
  });

  it('shares the one attribution field', () => {
    for (const form of [
      contactSchema,
      partnerSchema,
      demoSchema,
      betaAccessSchema,
      downloadSchema,
    ]) {
      expect(form.shape.attribution).toBe(attributionField);
    }
  });
});
