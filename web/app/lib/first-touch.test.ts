import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFirstTouch } from './first-touch.ts';

const ORIGIN = 'https://kryon.example';
const ARTICLE = '/security-intelligence/identity-risks/long-lived-access-keys';

function landing(url: string) {
  const { pathname, search, origin } = new URL(url, ORIGIN);
  return { pathname, search, origin };
}

function stored(): unknown {
  const raw = sessionStorage.getItem(FIRST_TOUCH_STORAGE_KEY);
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
    expect(sessionStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).not.toMatch(
      /ada|issues|gclid|subscriber/,
    );
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
