/**
 * `npm run validate:html -w web`: every HTML file of the built site through the W3C Nu Html
 * Checker (vnu), in one JVM. Any error fails; warnings are listed and pass
 * (docs/decisions/042-valid-html-checked-with-vnu.md). Checks `build/client`, or
 * `$WEB_BUILD_DIR/client`, or the folder given as the first argument.
 */
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One message of vnu's `--format json` output, as far as this script reads it. */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

export interface Finding {
  /** Relative to the checked folder. */
  file: string;
  line: number;
  column: number;
  message: string;
  /** The markup around the problem: a prerendered page is one long line. */
  extract: string;
}

export interface VnuReport {
  errors: Finding[];
  warnings: Finding[];
}

/**
 * Sorts vnu's messages into what fails the check and what is only reported. vnu's plain `info`
 * messages (no subType) are remarks, such as the trailing slash React writes on void elements,
 * which HTML allows: they are dropped. A `non-document-error` (a file vnu could not read) fails
 * like an error, so a broken run never passes as a clean one.
 */
export function parseVnuReport(json: string, rootDir: string): VnuReport {
  const parsed = JSON.parse(json) as { messages?: VnuMessage[] };
  if (!Array.isArray(parsed.messages)) throw new Error('vnu answered JSON without "messages"');
  const report: VnuReport = { errors: [], warnings: [] };
  for (const message of parsed.messages) {
    const isError = message.type === 'error' || message.type === 'non-document-error';
    const isWarning = message.type === 'info' && message.subType === 'warning';
    if (!isError && !isWarning) continue;
    (isError ? report.errors : report.warnings).push(toFinding(message, rootDir));
  }
  return report;
}

function toFinding(message: VnuMessage, rootDir: string): Finding {
  const file = message.url?.startsWith('file:')
    ? relative(rootDir, fileURLToPath(message.url))
    : (message.url ?? '(vnu)');
  return {
    file,
    // vnu leaves out firstLine when the problem starts and ends on the same line.
    line: message.firstLine ?? message.lastLine ?? 0,
    column: message.firstColumn ?? 0,
    message: message.message,
    extract: (message.extract ?? '').replace(/\s+/g, ' ').trim(),
  };
}

/** The readable verdict: one block per finding, errors first, then a summary line. */
export function formatVnuReport(
  report: VnuReport,
  summary: { pages: number; dir: string; seconds: number },
): string {
  const lines: string[] = [];
  const list = (kind: string, findings: Finding[]) => {
    for (const f of findings) {
      lines.push(`${f.file}:${f.line}:${f.column}  ${kind}  ${f.message}`);
      if (f.extract) lines.push(`    ${f.extract}`);
    }
  };
  list('error', report.errors);
  list('warning', report.warnings);
  const verdict = report.errors.length === 0 ? 'valid' : 'INVALID';
  lines.push(
    `HTML ${verdict}: ${report.errors.length} error(s), ${report.warnings.length} warning(s) ` +
      `in ${summary.pages} page(s) of ${summary.dir}, checked in ${summary.seconds.toFixed(1)} s`,
  );
  return lines.join('\n');
}

/** Every .html file under `dir`, sorted: prerendered pages, 404, the SPA fallback, any other. */
export async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** The Java that runs vnu: JAVA_HOME's when set, else `java` on PATH (the preflight checks the same). */
export function javaCommand(): string {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/**
 * One JVM for all files: starting Java and loading vnu's schemas costs more than checking
 * every page. A run lasts seconds, so the JIT stops at its first tier: the second one costs
 * more CPU than it wins back (51 pages: 2.3 s of CPU instead of 6). First-tier frames are
 * larger, and vnu's schema recursion overflows Java's default 1 MB thread stack with them,
 * hence -Xss. vnu exits 0 here whatever it finds; the parsed report decides.
 */
const JVM_OPTIONS = ['-Xss8m', '-XX:TieredStopAtLevel=1'];

export function runVnu(files: readonly string[], rootDir: string): VnuReport {
  const java = javaCommand();
  const result = spawnSync(
    java,
    [
      ...JVM_OPTIONS,
      ...['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always'],
      ...files,
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.error) {
    throw new Error(
      `cannot run ${java} (${result.error.message}): the HTML check needs Java 11+ ` +
        '(Debian: apt-get install -y default-jre-headless, or set JAVA_HOME)',
    );
  }
  if (result.status !== 0) {
    throw new Error(`vnu failed (exit ${result.status}): ${result.stderr.trim()}`);
  }
  return parseVnuReport(result.stdout, rootDir);
}

/** Checks one built site; returns the process exit code. */
export async function validateBuild(dir: string, log: (text: string) => void): Promise<number> {
  const files = await listHtmlFiles(dir).catch(() => []);
  if (files.length === 0) {
    log(`No HTML files in ${dir}: build the site first (npm run build -w web).`);
    return 1;
  }
  const started = performance.now();
  const report = runVnu(files, dir);
  const seconds = (performance.now() - started) / 1000;
  log(formatVnuReport(report, { pages: files.length, dir, seconds }));
  return report.errors.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const web = fileURLToPath(new URL('..', import.meta.url));
  const dir = resolve(process.argv[2] ?? join(web, process.env.WEB_BUILD_DIR ?? 'build', 'client'));
  validateBuild(dir, (text) => console.log(text)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
