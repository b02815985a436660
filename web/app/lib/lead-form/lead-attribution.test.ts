import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFirstTouch } from '../first-touch.ts';
import { leadAttribution } from './lead-attribution.ts';

const ARTICLE = '/security-intelligence/identity-risks/long-lived-access-keys';

function landing(url: string) {
  const { pathname, search, origin } = new URL(url, 'https://kryon.example');
  return { pathname, search, origin };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('leadAttribution', () => {
  it('adds the page the form is sent from to the first touch', () => {
    recordFirstTouch(landing(`${ARTICLE}?utm_source=newsletter&utm_campaign=q4`), '');
    expect(leadAttribution('/demo')).toEqual({
      landingPath: ARTICLE,
      utmSource: 'newsletter',
      utmCampaign: 'q4',
      formPath: '/demo',
    });
  });

  it('sends the form page from where it is sent by default', () => {
    expect(leadAttribution()).toEqual({ formPath: window.location.pathname });
  });

  it('without storage, or with an unreadable entry, knows the form page alone', () => {
    sessionStorage.setItem(FIRST_TOUCH_STORAGE_KEY, '{not json');
    expect(leadAttribution('/contact')).toEqual({ formPath: '/contact' });

    const denied = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(leadAttribution('/contact')).toEqual({ formPath: '/contact' });
    denied.mockRestore();
  });

  it('passes on only the text of a tampered entry, and its own form page', () => {
    sessionStorage.setItem(
      FIRST_TOUCH_STORAGE_KEY,
      JSON.stringify({ landingPath: '/x', utmSource: 42, formPath: '/evil', extra: 'y' }),
    );
    // The server keeps only known, valid parts; the browser only keeps to text.
    expect(leadAttribution('/demo')).toEqual({ landingPath: '/x', extra: 'y', formPath: '/demo' });
    sessionStorage.setItem(FIRST_TOUCH_STORAGE_KEY, '"a string"');
    expect(leadAttribution('/demo')).toEqual({ formPath: '/demo' });
  });
});
