/**
 * `npm run preflight`, the first step of `npm test`: within seconds, whether this
 * machine has every tool the test run needs that `npm install` does not bring (Node.js of the
 * `engines` version, a browser, Java for the HTML checker). If any is missing it names them
 * all at once, each with the command that installs it on Debian and on macOS, and exits 1,
 * instead of a run that fails on the first one minutes in (decision 068). The research
 * reports are read back with pdf.js from npm, so poppler is not among them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_INSTALL, type BrowserLookup, findBrowser } from './chromium.ts';
import { javaCommand } from './validate-html.ts';

/** What the checks look at, injected so that they can be tested on any machine. */
export interface Probes {
  /** The running Node.js, e.g. `24.21.0`. */
  nodeVersion: string;
  /** The root package.json's `engines.node`, e.g. `>=24`. */
  nodeEngine: string;
  browser: () => BrowserLookup;
  /** `java -version` run: the command, and what it printed or why it could not run. */
  java: () => { command: string; output: string; error?: string };
}

export interface Check {
  tool: string;
  ok: boolean;
  /** What was found, or what is wrong. */
  detail: string;
  debian?: string;
  /** The Debian package that brings it, for one combined install command. */
  debianPackage?: string;
  macos?: string;
  /** Another way, on any system. */
  other?: string;
}

export const MIN_JAVA = 11;

export function checkTools(probes: Probes): Check[] {
  return [checkNode(probes), checkBrowser(probes), checkJava(probes)];
}

function checkNode({ nodeVersion, nodeEngine }: Probes): Check {
  const minimum = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(nodeEngine.trim())?.[1] ?? '0';
  const ok = compareVersions(nodeVersion, minimum) >= 0;
  return {
    tool: `Node.js ${nodeEngine} (package.json engines)`,
    ok,
    detail: ok ? `node ${nodeVersion}` : `this is node ${nodeVersion}`,
    debian: `nvm install ${minimum.split('.')[0]} (or as .ci/run does: Node from npm in .node/)`,
    macos: `brew install node@${minimum.split('.')[0]}`,
  };
}

function checkBrowser({ browser }: Probes): Check {
  const lookup = browser();
  const common = {
    tool: 'A browser (Chrome or Chromium) for the Playwright journeys',
    debian: BROWSER_INSTALL.debian,
    debianPackage: 'chromium',
    macos: BROWSER_INSTALL.macos,
    other: BROWSER_INSTALL.any,
  };
  if (lookup.found) {
    return { ...common, ok: true, detail: `${lookup.found.path} (${lookup.found.source})` };
  }
  return {
    ...common,
    ok: false,
    detail: lookup.chromePath
      ? `CHROME_PATH is ${lookup.chromePath}, which is not an executable file`
      : `none found (looked at ${lookup.tried.join(', ')})`,
    // A CHROME_PATH that is wrong is never passed over silently (chromium.ts): fix or unset it.
    other: lookup.chromePath
      ? 'or point CHROME_PATH at a Chrome or Chromium executable, or unset it'
      : common.other,
  };
}

function checkJava({ java }: Probes): Check {
  const run = java();
  const major = run.error ? undefined : javaMajor(run.output);
  const common = {
    tool: `Java ${MIN_JAVA}+ for the W3C HTML checker (vnu)`,
    debian: 'sudo apt-get install -y default-jre-headless',
    debianPackage: 'default-jre-headless',
    macos: 'brew install openjdk (then set JAVA_HOME to its prefix, as brew explains)',
    other: 'or set JAVA_HOME to a Java 11+ installation',
  };
  if (major !== undefined && major >= MIN_JAVA) {
    return { ...common, ok: true, detail: `${run.command}: Java ${major}` };
  }
  const detail = run.error
    ? `cannot run ${run.command} (${run.error})`
    : major === undefined
      ? `${run.command} -version printed no Java version${run.output.trim() ? `: ${firstLine(run.output)}` : ''}`
      : `${run.command} is Java ${major}`;
  return { ...common, ok: false, detail };
}

/** The major version in `java -version`'s output: `"17.0.15"` is 17, `"1.8.0_402"` is 8. */
export function javaMajor(output: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

/** What the run prints: one line when all is there, else every missing tool and its install. */
export function formatReport(checks: readonly Check[], elapsedMs: number): string {
  const seconds = `${(elapsedMs / 1000).toFixed(1)} s`;
  const missing = checks.filter((check) => !check.ok);
  if (missing.length === 0) {
    return `preflight: ${checks.map((check) => check.detail).join('; ')} (${seconds})`;
  }
  const lines = [
    `preflight: npm test needs ${missing.length === 1 ? 'a tool' : `${missing.length} tools`} that npm does not install:`,
    '',
  ];
  for (const check of missing) {
    lines.push(`  MISSING ${check.tool}: ${check.detail}`);
    if (check.debian) lines.push(`    Debian: ${check.debian}`);
    if (check.macos) lines.push(`    macOS:  ${check.macos}`);
    if (check.other) lines.push(`    ${check.other}`);
  }
  const packages = missing.flatMap((check) => (check.debianPackage ? [check.debianPackage] : []));
  if (packages.length > 1) {
    lines.push('', `On Debian, all at once: sudo apt-get install -y ${packages.join(' ')}`);
  }
  const found = checks.filter((check) => check.ok);
  if (found.length > 0) {
    lines.push('', `Found: ${found.map((check) => check.detail).join('; ')}.`);
  }
  lines.push(`(checked in ${seconds}; the top of README.md lists what npm test needs)`);
  return lines.join('\n');
}

/** The probes of this machine. */
export function machineProbes(env: NodeJS.ProcessEnv = process.env): Probes {
  const rootPackage = fileURLToPath(new URL('../../package.json', import.meta.url));
  const { engines } = JSON.parse(readFileSync(rootPackage, 'utf8')) as {
    engines?: { node?: string };
  };
  return {
    nodeVersion: process.versions.node,
    nodeEngine: engines?.node ?? '>=0',
    browser: () => findBrowser({ env }),
    java: () => {
      const command = javaCommand();
      // `java -version` writes to stderr; a JVM starts in well under a second.
      const run = spawnSync(command, ['-version'], { encoding: 'utf8', timeout: 20_000 });
      return {
        command,
        output: `${run.stderr ?? ''}${run.stdout ?? ''}`,
        error: run.error ? run.error.message : undefined,
      };
    },
  };
}

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const checks = checkTools(machineProbes());
  const ok = checks.every((check) => check.ok);
  const text = formatReport(checks, performance.now() - started);
  if (ok) console.log(text);
  else console.error(text);
  process.exitCode = ok ? 0 : 1;
}
