// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { browserExecutable, findBrowser, INSTALLED_BROWSERS } from './chromium.ts';

const PLAYWRIGHTS = '/home/ada/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const DEBIANS = '/usr/bin/chromium';
const CHROME = '/usr/bin/google-chrome';
const MAC_CHROME = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';

/** findBrowser on a machine that has exactly these files. */
const on = (files: string[], env: Record<string, string> = {}) =>
  findBrowser({
    env,
    exists: (path) => files.includes(path),
    playwrightPath: () => PLAYWRIGHTS,
  });

describe('findBrowser', () => {
  it('takes CHROME_PATH first, whatever else the machine has', () => {
    expect(on(['/opt/x/chrome', PLAYWRIGHTS, DEBIANS], { CHROME_PATH: '/opt/x/chrome' })).toEqual({
      found: { path: '/opt/x/chrome', source: 'CHROME_PATH' },
    });
  });

  it('never replaces a CHROME_PATH that is not there with another browser', () => {
    expect(on([PLAYWRIGHTS, DEBIANS], { CHROME_PATH: '/nonexistent' })).toEqual({
      tried: ['/nonexistent'],
      chromePath: '/nonexistent',
    });
  });

  it("takes Playwright's own Chromium over the system's", () => {
    expect(on([PLAYWRIGHTS, DEBIANS, CHROME])).toEqual({
      found: { path: PLAYWRIGHTS, source: "Playwright's Chromium" },
    });
  });

  it("then Debian's Chromium, then an installed Chrome", () => {
    expect(on([DEBIANS, CHROME])).toEqual({
      found: { path: DEBIANS, source: "Debian's Chromium" },
    });
    expect(on([CHROME, MAC_CHROME])).toEqual({
      found: { path: CHROME, source: 'Google Chrome' },
    });
    expect(on([MAC_CHROME])).toEqual({ found: { path: MAC_CHROME, source: 'Google Chrome' } });
  });

  it('skips Playwright where it has no build for the platform', () => {
    const lookup = findBrowser({ env: {}, exists: () => false, playwrightPath: () => undefined });
    expect(lookup).toEqual({ tried: INSTALLED_BROWSERS.map((browser) => browser.path) });
  });

  it('lists every place it looked when there is no browser, in order', () => {
    const lookup = on([]);
    expect(lookup.found).toBeUndefined();
    expect(lookup).toEqual({
      tried: [PLAYWRIGHTS, ...INSTALLED_BROWSERS.map((browser) => browser.path)],
    });
    const tried = 'tried' in lookup ? lookup.tried : [];
    expect(tried.indexOf(DEBIANS)).toBeLessThan(tried.indexOf(CHROME));
    expect(tried.indexOf(CHROME)).toBeLessThan(tried.indexOf(MAC_CHROME));
  });

  it('runs with the real file checks and Playwright lookup', () => {
    // Whether this machine has a browser is the preflight's to say (npm run preflight).
    const lookup = findBrowser();
    expect(lookup.found ? lookup.found.path : lookup.tried).toBeTruthy();
  });
});

describe('browserExecutable', () => {
  it('is the found path', () => {
    expect(
      browserExecutable({
        env: {},
        exists: (path) => path === DEBIANS,
        playwrightPath: () => undefined,
      }),
    ).toBe(DEBIANS);
  });

  it('says what to install when there is none', () => {
    expect(() =>
      browserExecutable({ env: {}, exists: () => false, playwrightPath: () => undefined }),
    ).toThrow(
      /No Chrome or Chromium found.*apt-get install -y chromium.*brew install --cask google-chrome.*CHROME_PATH/,
    );
    expect(() =>
      browserExecutable({ env: { CHROME_PATH: '/nonexistent' }, exists: () => false }),
    ).toThrow(/CHROME_PATH is \/nonexistent, which is not an executable file/);
  });
});
