import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Where a command writes: the terminal, or a test's buffer. */
export interface Io {
  /** The command's result (CSV, a response): what a caller may pipe on. */
  out(text: string): void;
  /** Progress, summaries and errors. */
  err(text: string): void;
  /**
   * Set when `out` already starts with npm's banner (`> kryon-web leads:export ...`): npm
   * writes it to stdout before it runs any script, so a result piped on would begin with it.
   */
  outHasNpmBanner?: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  outHasNpmBanner: npmBannerOnStdout(process.env, process.stdout.isTTY),
};

/**
 * Whether npm printed its banner on this process's stdout: it does for `npm run` unless run
 * silent (`npm run -s`, which it passes on as npm_config_loglevel=silent), and nothing a
 * script does can take it back. On a terminal it is harmless; in a pipe or a file it is not.
 */
export function npmBannerOnStdout(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): boolean {
  return (
    Boolean(env.npm_lifecycle_event) && env.npm_config_loglevel !== 'silent' && !stdoutIsTerminal
  );
}

/** The caller asked for something the command cannot do: answered with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A command: the arguments after its name in, an exit code out. */
export type Command = (argv: string[], io: Io) => Promise<number>;

/**
 * Runs a command as a process: usage errors exit 2 with the usage text, any other failure
 * exits 1 with its message (not a stack trace: these are tools for sales and ops too).
 */
export async function runCli(command: Command, usage: string): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  try {
    process.exitCode = await command(argv, processIo);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`Failed: ${describeError(error)}\n`);
    process.exitCode = 1;
  }
}

/** node:util parseArgs, with its complaints (unknown option, missing value) as usage errors. */
export function parseCommandArgs<const T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      throw new UsageError((error as Error).message);
    }
    throw error;
  }
}

/** True when this module is the process's entry point, not imported by a test. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && resolve(entry) === fileURLToPath(moduleUrl);
}

/**
 * A path the user typed, resolved against the directory they ran npm in: `npm run -w`
 * starts the script in the workspace folder, but INIT_CWD keeps the caller's directory.
 */
export function fromCallerDir(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INIT_CWD || process.cwd(), path);
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause =
    error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : '';
  return `${error.message || error.name}${cause}`;
}
