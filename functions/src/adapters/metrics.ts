import { MetricUnit, type Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { LeadForm } from '@kryon/shared/api';
import type {
  DeliveryMetric,
  DeliveryMetrics,
  EventStream,
  LeadMetric,
  Metrics,
} from '../leads/ports.ts';

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

/**
 * The counts of SES delivery events, with the mail stream as the one dimension, `Stream`:
 * what the per-stream alarms and the dashboard read. One EMF record per stream on flush.
 */
export function createDeliveryMetrics(metrics: PowertoolsMetrics): DeliveryMetrics {
  const counts = new Map<EventStream, Map<DeliveryMetric, number>>();
  return {
    count(metric, stream, value = 1) {
      const perStream = counts.get(stream) ?? new Map<DeliveryMetric, number>();
      perStream.set(metric, (perStream.get(metric) ?? 0) + value);
      counts.set(stream, perStream);
    },
    flush() {
      for (const [stream, perStream] of counts) {
        metrics.addDimension('Stream', stream);
        for (const [metric, value] of perStream) metrics.addMetric(metric, MetricUnit.Count, value);
        metrics.publishStoredMetrics();
      }
      counts.clear();
    },
  };
}
