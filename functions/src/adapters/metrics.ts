import { MetricUnit, type Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { LeadForm } from '@kryon/shared/api';
import type { LeadMetric, Metrics } from '../leads/ports.ts';

/**
 * The domain's counts as CloudWatch metrics (embedded metric format, through Powertools),
 * with the form as the one dimension. Counts are summed in memory and written on flush, one
 * EMF record per form, because a re-send run touches leads of several forms at once.
 */
export function createLeadMetrics(metrics: PowertoolsMetrics): Metrics {
  const counts = new Map<LeadForm, Map<LeadMetric, number>>();
  return {
    count(metric, form, value = 1) {
      const perForm = counts.get(form) ?? new Map<LeadMetric, number>();
      perForm.set(metric, (perForm.get(metric) ?? 0) + value);
      counts.set(form, perForm);
    },
    flush() {
      for (const [form, perForm] of counts) {
        metrics.addDimension('form', form);
        for (const [metric, value] of perForm) metrics.addMetric(metric, MetricUnit.Count, value);
        // Also clears the dimension, so the next form's record carries only its own.
        metrics.publishStoredMetrics();
      }
      counts.clear();
    },
  };
}
