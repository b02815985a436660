import { accessSync, constants, statSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * How every tool here starts Chromium (Playwright's journeys, the Lighthouse and solver
 * benchmarks, the preflight of `npm test`): which browser, and with which flags.
 */

/** No sandbox or GPU in this environment, and nothing that reaches out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Where a browser was found, and what it is, for messages. */
export interface FoundBrowser {
  path: string;
  source: string;
}

export type BrowserLookup =
  | { found: FoundBrowser }
  /** `tried` lists every place looked at, in order; `chromePath` is CHROME_PATH if set. */
  | { found?: undefined; tried: string[]; chromePath?: string };

/** The browsers a machine may already have, after CHROME_PATH and Playwright's own. */
export const INSTALLED_BROWSERS: readonly FoundBrowser[] = [
  { path: '/usr/bin/chromium', source: "Debian's Chromium" },
  { path: '/usr/bin/chromium-browser', source: 'Chromium' },
  { path: '/usr/bin/google-chrome-stable', source: 'Google Chrome' },
  { path: '/usr/bin/google-chrome', source: 'Google Chrome' },
  { path: '/opt/google/chrome/chrome', source: 'Google Chrome' },
  { path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', source: 'Google Chrome' },
  { path: '/Applications/Chromium.app/Contents/MacOS/Chromium', source: 'Chromium' },
];

export interface FindBrowserOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether a file is there and may be run. */
  exists?: (path: string) => boolean;
  /** Where Playwright's own Chromium is (or would be) installed; undefined where it has none. */
  playwrightPath?: () => string | undefined;
}

/**
 * The browser to drive, in the order a Playwright user expects: `CHROME_PATH` when set (and
 * then only it: a path someone chose is never silently replaced by another browser); else
 * the Chromium of `npx playwright install` when it is there; else Debian's
 * `/usr/bin/chromium`; else an installed Chrome or Chromium (decision 068).
 */
export function findBrowser(options: FindBrowserOptions = {}): BrowserLookup {
  const {
    env = process.env,
    exists = isExecutable,
    playwrightPath = playwrightChromiumPath,
  } = options;
  const chromePath = env.CHROME_PATH;
  if (chromePath) {
    return exists(chromePath)
      ? { found: { path: chromePath, source: 'CHROME_PATH' } }
      : { tried: [chromePath], chromePath };
  }
  const candidates: FoundBrowser[] = [];
  const playwrights = playwrightPath();
  if (playwrights) candidates.push({ path: playwrights, source: "Playwright's Chromium" });
  candidates.push(...INSTALLED_BROWSERS);
  const found = candidates.find((candidate) => exists(candidate.path));
  return found ? { found } : { tried: candidates.map((candidate) => candidate.path) };
}

/** How to get a browser this module finds, for the messages of the preflight and config. */
export const BROWSER_INSTALL = {
  debian: 'sudo apt-get install -y chromium',
  macos: 'brew install --cask google-chrome',
  any: 'or set CHROME_PATH to a Chrome or Chromium executable',
} as const;

/** The browser's path for a tool's launch options; throws, saying what to install, if none. */
export function browserExecutable(options?: FindBrowserOptions): string {
  const lookup = findBrowser(options);
  if (lookup.found) return lookup.found.path;
  throw new Error(
    [
      lookup.chromePath
        ? `CHROME_PATH is ${lookup.chromePath}, which is not an executable file.`
        : `No Chrome or Chromium found (looked at ${lookup.tried.join(', ')}).`,
      `Debian: ${BROWSER_INSTALL.debian}; macOS: ${BROWSER_INSTALL.macos}; ${BROWSER_INSTALL.any}.`,
    ].join(' '),
  );
}

function playwrightChromiumPath(): string | undefined {
  try {
    // Where `npx playwright install chromium` puts it (PLAYWRIGHT_BROWSERS_PATH respected);
    // it throws on a platform Playwright has no build for.
    return chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
