import type { DeliveryMetric, LeadMetric } from '@kryon/functions/metric-names';
import type { BrakeMetrics, EventStream, MailStream } from '@kryon/functions/ports';
import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { METRIC_NAMESPACE, POWERTOOLS_SERVICE_NAME } from './lead-function.ts';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * One count of one form, addressed exactly as Powertools writes it (`service` beside `form`):
 * CloudWatch finds a metric only by its full set of dimensions (decision 034).
 */
export function leadMetric(
  metricName: LeadMetric,
  form: string,
  options: Omit<MetricOptions, 'dimensionsMap'> = {},
): Metric {
  return new Metric({
    namespace: METRIC_NAMESPACE,
    metricName,
    dimensionsMap: { service: POWERTOOLS_SERVICE_NAME, form },
    statistic: 'Sum',
    period: FIVE_MINUTES,
    ...options,
  });
}

/**
 * One count summed over the forms. Powertools writes only the counts a run made, so in most
 * periods some forms have no point at all; without FILL the sum would be missing too.
 */
export function leadMetricTotal(
  metricName: LeadMetric,
  forms: readonly string[],
  options: {
    label: string;
    /** @default five minutes */
    period?: Duration;
    /**
     * Two sums on one graph need their own IDs for the metrics they read.
     * @default "f"
     */
    idPrefix?: string;
  },
): MathExpression {
  const period = options.period ?? FIVE_MINUTES;
  const prefix = options.idPrefix ?? 'f';
  const usingMetrics = Object.fromEntries(
    forms.map((form, i) => [`${prefix}${i}`, leadMetric(metricName, form, { period })]),
  );
  return new MathExpression({
    expression: fillSum(Object.keys(usingMetrics)),
    usingMetrics,
    label: options.label,
    period,
  });
}

/**
 * The sum of counts that are each published only when something happened: every term FILLed
 * with 0, so the sum has a value whenever any term has one (decisions 034, 087).
 */
export function fillSum(ids: readonly string[]): string {
  return ids.map((id) => `FILL(${id}, 0)`).join(' + ');
}

/** The two mail streams, as the functions name them (decision 055). */
export const MAIL_STREAMS = ['sales', 'visitor'] as const satisfies readonly MailStream[];

/**
 * The brake's count when it pauses the visitor set; like every Powertools record it carries
 * the `service` dimension, and no other.
 */
export const VISITOR_STREAM_PAUSED = 'VisitorStreamPaused' satisfies Parameters<
  BrakeMetrics['count']
>[0];

/** One delivery outcome of one stream, addressed as Powertools writes it (service, Stream). */
export function streamMetric(
  metricName: DeliveryMetric,
  stream: EventStream,
  options: Omit<MetricOptions, 'dimensionsMap'> = {},
): Metric {
  return new Metric({
    namespace: METRIC_NAMESPACE,
    metricName,
    dimensionsMap: { service: POWERTOOLS_SERVICE_NAME, Stream: stream },
    statistic: 'Sum',
    period: FIVE_MINUTES,
    ...options,
  });
}

/** The brake's pauses: the one metric the brake function writes. */
export function visitorStreamPausedMetric(
  options: Omit<MetricOptions, 'dimensionsMap'> = {},
): Metric {
  return new Metric({
    namespace: METRIC_NAMESPACE,
    metricName: VISITOR_STREAM_PAUSED,
    dimensionsMap: { service: POWERTOOLS_SERVICE_NAME },
    statistic: 'Sum',
    period: FIVE_MINUTES,
    ...options,
  });
}

/**
 * A configuration set's own reputation (`AWS/SES`, dimension `ses:configuration-set`), which
 * SES publishes because the set has reputation metrics on. A rate from 0 to 1, kept by SES
 * over a representative volume of the set's mail rather than a clock window: the alarm reads
 * its highest value in an hour, as the account-level alarms do.
 */
export function configurationSetReputation(
  metricName: 'Reputation.BounceRate' | 'Reputation.ComplaintRate',
  configurationSetName: string,
  options: Omit<MetricOptions, 'dimensionsMap'> = {},
): Metric {
  return new Metric({
    namespace: 'AWS/SES',
    metricName,
    dimensionsMap: { 'ses:configuration-set': configurationSetName },
    statistic: 'Maximum',
    period: Duration.hours(1),
    ...options,
  });
}
