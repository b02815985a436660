import type { Io } from './cli.ts';

/** An Io that keeps what a command writes, for tests to read. */
export function captureIo(): Io & { stdout(): string; stderr(): string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (text) => {
      out.push(text);
    },
    err: (text) => {
      err.push(text);
    },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}
