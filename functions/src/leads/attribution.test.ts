import { describe, expect, it } from 'vitest';
import { sourceLine, splitAttribution } from './attribution.ts';

const ARTICLE = '/security-intelligence/identity-risks/long-lived-access-keys';

describe('sourceLine', () => {
  it('reads campaign, referrer, landing page and form page in one line', () => {
    expect(
      sourceLine({
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'q4-launch',
        referrerOrigin: 'https://news.example',
        landingPath: ARTICLE,
        formPath: '/demo',
      }),
    ).toBe(
      `Source: newsletter / email / q4-launch, from https://news.example, landed on ${ARTICLE}, sent from /demo`,
    );
  });

  it('holds the place of a missing campaign part with a dash', () => {
    expect(sourceLine({ utmSource: 'newsletter', utmCampaign: 'q4', landingPath: ARTICLE })).toBe(
      `Source: newsletter / - / q4, landed on ${ARTICLE}`,
    );
    expect(sourceLine({ utmCampaign: 'q4' })).toBe('Source: - / - / q4');
  });

  it('adds term and content after the campaign, or alone', () => {
    expect(
      sourceLine({ utmSource: 'ads', utmMedium: 'cpc', utmTerm: 'iam keys', utmContent: 'hero' }),
    ).toBe('Source: ads / cpc / - (term iam keys, content hero)');
    expect(sourceLine({ utmContent: 'hero', formPath: '/contact' })).toBe(
      'Source: content hero, sent from /contact',
    );
  });

  it('says what little is known: a referrer alone, a form page alone', () => {
    expect(sourceLine({ referrerOrigin: 'https://www.google.com' })).toBe(
      'Source: from https://www.google.com',
    );
    expect(sourceLine({ formPath: '/research-archive' })).toBe(
      'Source: sent from /research-archive',
    );
  });

  it('is no line at all without attribution', () => {
    expect(sourceLine(undefined)).toBeUndefined();
    expect(sourceLine({})).toBeUndefined();
  });
});

describe('splitAttribution', () => {
  it('separates the visit from the form fields', () => {
    expect(splitAttribution({ name: 'Ada', attribution: { formPath: '/demo' } })).toEqual({
      fields: { name: 'Ada' },
      attribution: { formPath: '/demo' },
    });
    const none = splitAttribution({ name: 'Ada' });
    expect(none).toEqual({ fields: { name: 'Ada' }, attribution: undefined });
    expect(Object.keys(none.fields)).toEqual(['name']);
  });
});
