import { type CheckResult, skipped } from './check.ts';
import { type MailLoopTarget, mailLoopChecks } from './mail-loop.ts';
import { type SiteTarget, siteChecks } from './site-checks.ts';

/**
 * What one verify run proves, in the order a reader follows it: the site and its API as a
 * visitor reaches them, the mail loop through SES's mailbox simulator, then the AWS facts the
 * design relies on (read from the account; `skipped` where there is none, as locally).
 */
export interface VerifyTarget {
  site: SiteTarget;
  mail: Omit<MailLoopTarget, 'siteUrl' | 'runId'>;
  /** The AWS checks of a deployed environment; undefined locally. */
  aws?: () => Promise<CheckResult[]>;
}

export async function verifyEnvironment(target: VerifyTarget): Promise<CheckResult[]> {
  const { site } = target;
  const [siteResults, mailResults, awsResults] = await Promise.all([
    siteChecks(site),
    mailLoopChecks({ ...target.mail, siteUrl: site.siteUrl, runId: site.runId }),
    target.aws
      ? target.aws()
      : Promise.resolve([
          skipped(
            'AWS checks',
            'no account (local): SES, EventBridge, alarms, CloudFront, WAF, API Gateway and the lead-event bus, queues and secrets are read deployed',
          ),
        ]),
  ]);
  return [...siteResults, ...mailResults, ...awsResults];
}

const MARK = { ok: 'ok  ', fail: 'FAIL', warn: 'warn', skipped: 'skip' } as const;

/** One line per check, and for a failure or warning what to do, indented under it. */
export function formatResults(results: readonly CheckResult[]): string {
  return results
    .map((result) => {
      const line = `${MARK[result.status]}  ${result.name}: ${result.detail}`;
      return result.fix && result.status !== 'ok' ? `${line}\n      → ${result.fix}` : line;
    })
    .join('\n');
}

/** A run fails on any failed check; a warning (the SES sandbox) is said, not fatal. */
export function failedChecks(results: readonly CheckResult[]): CheckResult[] {
  return results.filter((result) => result.status === 'fail');
}
