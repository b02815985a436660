import {
  type CloudWatchClient,
  DescribeAlarmsCommand,
  ListMetricsCommand,
} from '@aws-sdk/client-cloudwatch';
import {
  BACKUP_ALARM_IDS,
  BACKUP_ALARMS,
  BACKUP_NAMESPACE,
  COMPLETED_BACKUP_METRIC,
} from '../lib/lead-backups.ts';
import { type WatchedMetric, watchedMetrics } from './alarm-checks.ts';
import { type CheckResult, fail, guarded, ok, skipped, warn } from './check.ts';
import { resourcesOf, type StackFacts } from './stack-facts.ts';

const NAME = 'backup metrics';

/**
 * The backup alarms' logical IDs start with their construct paths: the stack's `Backups`
 * construct (infra/lib/kryon-stack.ts), then the alarm's id. The copy's only with a copy.
 */
export const BACKUP_ALARM_LOGICAL_PREFIXES = {
  failed: `Backups${BACKUP_ALARM_IDS.failed}`,
  stopped: `Backups${BACKUP_ALARM_IDS.stopped}`,
  copyFailed: `Backups${BACKUP_ALARM_IDS.copyFailed}`,
} as const;

/**
 * How old a stack must be before its vault should have a completed backup: the window of the
 * alarm that says none did, which holds the first scheduled run whenever the stack was created.
 */
export const FIRST_BACKUP_WITHIN_HOURS =
  BACKUP_ALARMS.stopped.evaluationPeriods * BACKUP_ALARMS.stopped.period.toHours();

/** One series ListMetrics lists: a metric name and its whole dimension set. */
interface Series {
  metricName: string;
  dimensions: Record<string, string>;
}

/**
 * The backup alarms read AWS Backup's job counts under dimensions AWS's page does not pin
 * down (BACKUP_METRIC_DIMENSIONS in infra/lib/lead-backups.ts): this lists what AWS/Backup
 * publishes for each vault the deployed alarms name and compares it with what they read.
 * `fail`: a count the alarms read is published for the vault, but under none of their
 * dimension sets (the alarms read nothing of it); `warn`: the stack is past its first backup
 * and the vault has no completed backup job in the last two weeks; `skipped`: the stack is
 * younger than that. ListMetrics with a Dimensions filter returns every metric that has those
 * dimensions, more dimensions included, 500 a page with NextToken, and nothing that has not
 * reported in two weeks:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_ListMetrics.html
 * DescribeAlarms(AlarmNames), MetricAlarms[].Metrics[].MetricStat:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_DescribeAlarms.html
 */
export async function checkBackupMetrics(
  cloudwatch: CloudWatchClient,
  facts: StackFacts,
  now: Date = new Date(),
): Promise<CheckResult[]> {
  const vault = facts.outputs.BackupVaultName;
  if (!vault) {
    return [fail(NAME, 'the stack has no BackupVaultName output', 'Deploy the environment again.')];
  }
  const alarmName = (prefix: string) =>
    resourcesOf(facts, 'AWS::CloudWatch::Alarm', prefix).find((alarm) =>
      new RegExp(`^${prefix}[0-9A-F]{8}$`).test(alarm.logicalId),
    )?.physicalId;
  const { failed, stopped, copyFailed } = BACKUP_ALARM_LOGICAL_PREFIXES;
  const required = [alarmName(failed), alarmName(stopped)].filter((a): a is string => !!a);
  if (required.length < 2) {
    return [
      fail(
        NAME,
        `the stack has ${required.length} of the 2 backup alarms`,
        'The deployed stack is older than this verify: deploy the environment again.',
      ),
    ];
  }
  const copy = alarmName(copyFailed);
  const names = copy ? [...required, copy] : required;
  return guarded(
    NAME,
    'The verify role needs cloudwatch:DescribeAlarms and cloudwatch:ListMetrics.',
    async () => {
      const { MetricAlarms: alarms = [] } = await cloudwatch.send(
        new DescribeAlarmsCommand({ AlarmNames: names }),
      );
      const missing = names.filter((n) => !alarms.some((a) => a.AlarmName === n));
      if (missing.length > 0) {
        return fail(
          NAME,
          `CloudWatch has no alarm ${missing.join(', ')}`,
          'Deploy the environment again.',
        );
      }
      const read = alarms
        .flatMap(watchedMetrics)
        .filter((metric) => metric.namespace === BACKUP_NAMESPACE);
      const vaults = [...new Set(read.flatMap((m) => m.dimensions.BackupVaultName ?? []))].sort(
        (a, b) => (a === vault ? -1 : b === vault ? 1 : a.localeCompare(b)),
      );
      const listed = new Map<string, Series[]>();
      for (const name of vaults) listed.set(name, await listVault(cloudwatch, name));

      const mismatches = vaults.flatMap((name) => misread(name, read, listed.get(name) ?? []));
      if (mismatches.length > 0) {
        return fail(
          NAME,
          mismatches.join('; '),
          'The backup alarms read dimensions AWS Backup does not publish the count under, so ' +
            'they never see it. Set BACKUP_METRIC_DIMENSIONS in infra/lib/lead-backups.ts to ' +
            'the set named here, and deploy.',
        );
      }
      const ours = listed.get(vault) ?? [];
      const hours = facts.createdAt
        ? (now.getTime() - facts.createdAt.getTime()) / 3_600_000
        : Number.POSITIVE_INFINITY;
      const completed = ours.some((s) => s.metricName === COMPLETED_BACKUP_METRIC);
      if (!completed && hours < FIRST_BACKUP_WITHIN_HOURS) {
        return skipped(
          NAME,
          `the stack is ${Math.max(0, Math.floor(hours))} hours old and ${vault} has no ` +
            `completed backup job yet: the first runs at 03:00 UTC (run verify again after ` +
            `${FIRST_BACKUP_WITHIN_HOURS} hours)`,
        );
      }
      if (!completed) {
        return warn(
          NAME,
          ours.length === 0
            ? `no ${BACKUP_NAMESPACE} metric names BackupVaultName=${vault} in the last two weeks`
            : `${BACKUP_NAMESPACE} has ${describe(ours)} for ${vault}, and no ` +
                `${COMPLETED_BACKUP_METRIC} in the last two weeks`,
          'No backup job of the vault completed (alarm BackupStopped says so too), or AWS ' +
            'Backup names the vault under another dimension. Look: `aws backup list-backup-jobs ' +
            `--by-backup-vault-name ${vault}\`, \`aws cloudwatch list-metrics --namespace ` +
            `${BACKUP_NAMESPACE}\`. Fix the plan (README "Backups and restoring the leads"), or ` +
            'set BACKUP_METRIC_DIMENSIONS in infra/lib/lead-backups.ts to what AWS publishes.',
        );
      }
      const others = vaults
        .filter((name) => name !== vault && (listed.get(name) ?? []).length > 0)
        .map((name) => `; for ${name}: ${describe(listed.get(name) ?? [])}`);
      return ok(NAME, `for ${vault}: ${describe(ours)}${others.join('')}`);
    },
  );
}

/** Every AWS/Backup series that names the vault, across ListMetrics' pages. */
async function listVault(cloudwatch: CloudWatchClient, vault: string): Promise<Series[]> {
  const series: Series[] = [];
  let nextToken: string | undefined;
  do {
    const page = await cloudwatch.send(
      new ListMetricsCommand({
        Namespace: BACKUP_NAMESPACE,
        Dimensions: [{ Name: 'BackupVaultName', Value: vault }],
        NextToken: nextToken,
      }),
    );
    for (const metric of page.Metrics ?? []) {
      series.push({
        metricName: metric.MetricName ?? '',
        dimensions: Object.fromEntries(
          (metric.Dimensions ?? []).map((d) => [d.Name ?? '', d.Value ?? '']),
        ),
      });
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return series;
}

/**
 * The counts the alarms read for a vault that AWS publishes for it, but under none of the
 * alarms' dimension sets. A count they read and AWS does not list is only not counted yet
 * (nothing failed); a set AWS publishes beside one the alarms read changes nothing.
 */
function misread(vault: string, read: WatchedMetric[], listed: Series[]): string[] {
  const ofVault = read.filter((m) => m.dimensions.BackupVaultName === vault);
  const metricNames = [...new Set(ofVault.map((m) => m.metricName))].sort();
  return metricNames.flatMap((metricName) => {
    const published = listed.filter((s) => s.metricName === metricName);
    const wanted = ofVault.filter((m) => m.metricName === metricName);
    if (published.length === 0) return [];
    if (published.some((s) => wanted.some((w) => sameDimensions(w.dimensions, s.dimensions)))) {
      return [];
    }
    return [
      `${BACKUP_NAMESPACE} ${metricName} of ${vault} is published as ` +
        `${published.map((s) => show(s.dimensions)).join(' / ')}; the alarms read ` +
        wanted.map((w) => show(w.dimensions)).join(' / '),
    ];
  });
}

function sameDimensions(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** "NumberOfBackupJobsCompleted, NumberOfBackupJobsCreated as {…} / {…}", for a detail line. */
function describe(series: Series[]): string {
  const metricNames = [...new Set(series.map((s) => s.metricName))].sort();
  const sets = [...new Set(series.map((s) => show(s.dimensions)))].sort();
  return `${metricNames.join(', ')} as ${sets.join(' / ')}`;
}

function show(dimensions: Record<string, string>): string {
  const pairs = Object.entries(dimensions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);
  return `{${pairs.join(', ')}}`;
}
