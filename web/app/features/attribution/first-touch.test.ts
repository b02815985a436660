import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_TOUCH_KEY, leadAttribution, recordFirstTouch } from './first-touch.ts';

const ORIGIN = 'https://kryon.example';
const ARTICLE = '/security-intelligence/identity-risks/long-lived-access-keys';

function landing(url: string) {
  const { pathname, search, origin } = new URL(url, ORIGIN);
  return { pathname, search, origin };
}

function stored(): unknown {
  const raw = sessionStorage.getItem(FIRST_TOUCH_KEY);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('recordFirstTouch', () => {
  it('keeps the landing path, the referrer origin and the utm tags, nothing else', () => {
    recordFirstTouch(
      landing(
        `${ARTICLE}?utm_source=newsletter&utm_medium=email&utm_campaign=q4-launch&utm_term=iam%20keys&utm_content=hero&email=ada%40example.com&gclid=x`,
      ),
      'https://news.example/issues/42?subscriber=ada%40example.com#latest',
    );
    expect(stored()).toEqual({
      landingPath: ARTICLE,
      referrerOrigin: 'https://news.example',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'q4-launch',
      utmTerm: 'iam keys',
      utmContent: 'hero',
    });
    // The whole stored value: no query, no referrer path, no other parameter.
    expect(sessionStorage.getItem(FIRST_TOUCH_KEY)).not.toMatch(/ada|issues|gclid|subscriber/);
  });

  it('records the first page of the visit only: later pages and reloads leave it', () => {
    recordFirstTouch(landing(`${ARTICLE}?utm_source=newsletter`), 'https://news.example/');
    recordFirstTouch(landing('/demo?utm_source=other'), `${ORIGIN}${ARTICLE}`);
    recordFirstTouch(landing(`${ARTICLE}?utm_source=newsletter`), '');
    expect(stored()).toEqual({
      landingPath: ARTICLE,
      referrerOrigin: 'https://news.example',
      utmSource: 'newsletter',
    });
  });

  it('keeps no referrer from this site, from other schemes, or when there is none', () => {
    for (const referrer of [`${ORIGIN}/features`, 'android-app://com.slack/', 'about:blank', '']) {
      sessionStorage.clear();
      recordFirstTouch(landing('/features'), referrer);
      expect(stored(), referrer).toEqual({ landingPath: '/features' });
    }
  });

  it('keeps an empty first touch on a direct visit, so a later page is not taken for it', () => {
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    recordFirstTouch();
    expect(stored()).toEqual({ landingPath: window.location.pathname });
  });

  it('cuts a long utm value to 100 characters, never inside an emoji; drops a long path', () => {
    const long = `${'😀'.repeat(60)}${'a'.repeat(60)}`;
    recordFirstTouch(
      landing(`/${'p'.repeat(200)}?utm_campaign=${encodeURIComponent(long)}`),
      'https://news.example/',
    );
    const touch = stored() as Record<string, string>;
    expect(touch.landingPath).toBeUndefined();
    expect(Array.from(touch.utmCampaign ?? '')).toHaveLength(100);
    expect(touch.utmCampaign).toBe(`${'😀'.repeat(60)}${'a'.repeat(40)}`);
  });

  it('fails quietly where storage is refused or full', () => {
    const denied = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => recordFirstTouch(landing('/demo'), 'https://news.example/')).not.toThrow();
    denied.mockRestore();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => recordFirstTouch(landing('/demo'), 'https://news.example/')).not.toThrow();
  });
});

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
    sessionStorage.setItem(FIRST_TOUCH_KEY, '{not json');
    expect(leadAttribution('/contact')).toEqual({ formPath: '/contact' });

    const denied = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(leadAttribution('/contact')).toEqual({ formPath: '/contact' });
    denied.mockRestore();
  });

  it('sends only its own parts that hold text from a tampered entry', () => {
    sessionStorage.setItem(
      FIRST_TOUCH_KEY,
      JSON.stringify({ landingPath: '/x', utmSource: 42, formPath: '/evil', extra: 'y' }),
    );
    expect(leadAttribution('/demo')).toEqual({ landingPath: '/x', formPath: '/demo' });
    sessionStorage.setItem(FIRST_TOUCH_KEY, '"a string"');
    expect(leadAttribution('/demo')).toEqual({ formPath: '/demo' });
  });
});
