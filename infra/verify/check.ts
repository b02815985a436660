/**
 * One line of `npm run verify`: what was checked, how it came out and, when it did not, what
 * to do. A check never throws for what it finds: an unexpected answer is a `fail` that says
 * what was seen, so one broken part does not hide the verdicts of the others.
 */
export type CheckStatus = 'ok' | 'fail' | 'warn' | 'skipped';

export interface CheckResult {
  /** Short and stable, e.g. `mail loop: delivered`; the README's runbook is keyed by it. */
  name: string;
  status: CheckStatus;
  /** What was seen: the evidence for an `ok`, the difference for a `fail`. */
  detail: string;
  /** For `fail` and `warn`: what it means and what to look at or do. */
  fix?: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: 'fail',
  detail,
  fix,
});
export const warn = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: 'warn',
  detail,
  fix,
});
export const skipped = (name: string, detail: string): CheckResult => ({
  name,
  status: 'skipped',
  detail,
});

/**
 * Runs a check, turning anything it throws (a network error, an AWS error such as
 * AccessDenied) into a `fail` that names the error, so the run goes on to the next check.
 */
export async function guarded(
  name: string,
  fix: string,
  check: () => Promise<CheckResult | CheckResult[]>,
): Promise<CheckResult[]> {
  try {
    const result = await check();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    const { name: errorName, message } = error instanceof Error ? error : new Error(String(error));
    return [fail(name, `${errorName}: ${message}`, fix)];
  }
}
