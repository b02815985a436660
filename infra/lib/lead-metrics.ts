import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import type { LeadMetric } from '../../functions/src/leads/ports.ts';
import { METRIC_NAMESPACE, POWERTOOLS_SERVICE_NAME } from './lead-function.ts';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * One count of one form, addressed exactly as the functions write it
 * (functions/src/adapters/metrics.ts): Powertools puts the `service` dimension beside `form`
 * on every record, and CloudWatch finds a metric only by its full set of dimensions, so a
 * graph or alarm naming `form` alone would stay empty.
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
    period?: Duration;
    /** Two sums on one graph need their own IDs for the metrics they read. */
    idPrefix?: string;
  },
): MathExpression {
  const period = options.period ?? FIVE_MINUTES;
  const prefix = options.idPrefix ?? 'f';
  const usingMetrics = Object.fromEntries(
    forms.map((form, i) => [`${prefix}${i}`, leadMetric(metricName, form, { period })]),
  );
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics,
    label: options.label,
    period,
  });
}
