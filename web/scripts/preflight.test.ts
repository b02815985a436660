// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserLookup } from './chromium.ts';
import { type Check, checkTools, formatReport, javaMajor, type Probes } from './preflight.ts';

const JAVA_17 = `openjdk version "17.0.15" 2025-04-15
OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)`;
const DEBIANS: BrowserLookup = {
  found: { path: '/usr/bin/chromium', source: "Debian's Chromium" },
};

/** A machine with everything, changed by `changes`. */
const machine = (changes: Partial<Probes> = {}): Probes => ({
  nodeVersion: '24.21.0',
  nodeEngine: '>=24',
  browser: () => DEBIANS,
  java: () => ({ command: 'java', output: JAVA_17 }),
  ...changes,
});
const missing = (checks: Check[]) => checks.filter((check) => !check.ok).map((check) => check.tool);

describe('checkTools', () => {
  it('passes a machine with Node 24, a browser and Java 11+', () => {
    const checks = checkTools(machine());
    expect(missing(checks)).toEqual([]);
    expect(formatReport(checks, 412)).toBe(
      "preflight: node 24.21.0; /usr/bin/chromium (Debian's Chromium); java: Java 17 (0.4 s)",
    );
  });

  it('holds Node to the engines field', () => {
    expect(missing(checkTools(machine({ nodeVersion: '20.20.2' })))).toEqual([
      'Node.js >=24 (package.json engines)',
    ]);
    expect(missing(checkTools(machine({ nodeVersion: '25.0.0' })))).toEqual([]);
    expect(
      missing(checkTools(machine({ nodeVersion: '24.1.0', nodeEngine: '>=24.2' }))),
    ).toHaveLength(1);
  });

  it('finds no browser where the lookup finds none, or where CHROME_PATH is wrong', () => {
    const none = checkTools(machine({ browser: () => ({ tried: ['/usr/bin/chromium'] }) }));
    expect(missing(none)).toEqual(['A browser (Chrome or Chromium) for the Playwright journeys']);
    expect(none[1]?.detail).toBe('none found (looked at /usr/bin/chromium)');
    const wrong = checkTools(
      machine({ browser: () => ({ tried: ['/nonexistent'], chromePath: '/nonexistent' }) }),
    );
    expect(wrong[1]?.detail).toBe('CHROME_PATH is /nonexistent, which is not an executable file');
    expect(wrong[1]?.other).toBe(
      'or point CHROME_PATH at a Chrome or Chromium executable, or unset it',
    );
  });

  it.each([
    [
      'not installed',
      { command: 'java', output: '', error: 'spawnSync java ENOENT' },
      'cannot run java (spawnSync java ENOENT)',
    ],
    ['too old', { command: 'java', output: 'java version "1.8.0_402"' }, 'java is Java 8'],
    [
      "macOS's stub without a runtime",
      {
        command: '/usr/bin/java',
        output: 'The operation couldn’t be completed. Unable to locate a Java Runtime.\n',
      },
      '/usr/bin/java -version printed no Java version: The operation couldn’t be completed. Unable to locate a Java Runtime.',
    ],
  ])('finds no Java when it is %s', (_, run, detail) => {
    const checks = checkTools(machine({ java: () => run }));
    expect(missing(checks)).toEqual(['Java 11+ for the W3C HTML checker (vnu)']);
    expect(checks[2]?.detail).toBe(detail);
  });
});

describe('javaMajor', () => {
  it.each([
    ['openjdk version "21.0.5" 2024-10-15', 21],
    ['openjdk version "11" 2018-09-25', 11],
    ['java version "1.8.0_402"', 8],
    ['openjdk version "25-ea" 2025-09-16', 25],
    ['nothing', undefined],
  ])('%s is %s', (output, major) => {
    expect(javaMajor(output)).toBe(major);
  });
});

describe('formatReport', () => {
  it('names every missing tool at once, each with its Debian and macOS install', () => {
    const checks = checkTools(
      machine({
        nodeVersion: '20.20.2',
        browser: () => ({ tried: ['/usr/bin/chromium'] }),
        java: () => ({ command: 'java', output: '', error: 'spawnSync java ENOENT' }),
      }),
    );
    const text = formatReport(checks, 1234);
    expect(text).toMatch(/^preflight: npm test needs 3 tools that npm does not install:/);
    expect(text).toContain('MISSING Node.js >=24 (package.json engines): this is node 20.20.2');
    expect(text).toContain('macOS:  brew install node@24');
    expect(text).toContain('Debian: sudo apt-get install -y chromium\n');
    expect(text).toContain('macOS:  brew install --cask google-chrome');
    expect(text).toContain('or set CHROME_PATH to a Chrome or Chromium executable');
    expect(text).toContain('Debian: sudo apt-get install -y default-jre-headless');
    expect(text).toContain('macOS:  brew install openjdk');
    expect(text).toContain(
      'On Debian, all at once: sudo apt-get install -y chromium default-jre-headless',
    );
    expect(text).toContain('(checked in 1.2 s;');
  });

  it('says what was found beside what is missing', () => {
    const text = formatReport(
      checkTools(machine({ browser: () => ({ tried: ['/usr/bin/chromium'] }) })),
      100,
    );
    expect(text).toMatch(/^preflight: npm test needs a tool that npm does not install:/);
    expect(text).not.toContain('all at once');
    expect(text).toContain('Found: node 24.21.0; java: Java 17.');
  });
});

describe('the preflight on this machine', () => {
  it('runs in seconds and exits 1 with the browser named when CHROME_PATH is wrong', () => {
    const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
    const script = fileURLToPath(new URL('./preflight.ts', import.meta.url));
    const started = performance.now();
    const run = spawnSync(process.execPath, [tsx, script], {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: '/nonexistent' },
    });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CHROME_PATH is /nonexistent, which is not an executable file');
    expect(run.stderr).toContain('sudo apt-get install -y chromium');
  }, 40_000);
});
