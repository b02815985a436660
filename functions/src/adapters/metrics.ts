import { MetricUnit, type Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { LeadForm } from '@kryon/shared/api';
import type { DeliveryMetric, LeadEventMetric, LeadMetric } from '../leads/metric-names.ts';
import type {
  BrakeMetrics,
  DeliveryMetrics,
  EventStream,
  LeadEventMetrics,
  Metrics,
} from '../leads/ports.ts';

/**
 * Counts summed in memory, each under one value of one dimension, and written on flush as one
 * EMF record per value (through Powertools), because one run can count for several: a
 * re-send run touches leads of several forms, a batch of SES events both streams.
 */
function countsByDimension<Key extends string, Metric extends string>(
  metrics: PowertoolsMetrics,
  dimension: string,
) {
  const counts = new Map<Key, Map<Metric, number>>();
  return {
    count(metric: Metric, key: Key, value = 1) {
      const perKey = counts.get(key) ?? new Map<Metric, number>();
      perKey.set(metric, (perKey.get(metric) ?? 0) + value);
      counts.set(key, perKey);
    },
    flush() {
      for (const [key, perKey] of counts) {
        metrics.addDimension(dimension, key);
        for (const [metric, value] of perKey) metrics.addMetric(metric, MetricUnit.Count, value);
        // Also clears the dimension, so the next record carries only its own.
        metrics.publishStoredMetrics();
      }
      counts.clear();
    },
  };
}

/** The domain's counts as CloudWatch metrics, with the form as the one dimension. */
export function createLeadMetrics(metrics: PowertoolsMetrics): Metrics {
  return countsByDimension<LeadForm, LeadMetric>(metrics, 'form');
}

/**
 * The counts of SES delivery events, with the mail stream as the one dimension, `Stream`:
 * what the per-stream alarms and the dashboard read.
 */
export function createDeliveryMetrics(metrics: PowertoolsMetrics): DeliveryMetrics {
  return countsByDimension<EventStream, DeliveryMetric>(metrics, 'Stream');
}

/**
 * The brake's count, VisitorStreamPaused, with only Powertools' `service` dimension: a pause
 * is of the visitor stream, not of a form. Flushed only when counted, so an OK event writes
 * no empty record.
 */
export function createBrakeMetrics(metrics: PowertoolsMetrics): BrakeMetrics {
  let counted = false;
  return {
    count(metric) {
      metrics.addMetric(metric, MetricUnit.Count, 1);
      counted = true;
    },
    flush() {
      if (counted) metrics.publishStoredMetrics();
      counted = false;
    },
  };
}

/**
 * The counts of lead-event deliveries, with the destination's name as the one dimension,
 * `Destination`: for a person looking in CloudWatch. No alarm reads them (the dead-letter
 * queue's does the alarming; one on `LeadEventDeliveryFailed` is left for later, decision 090).
 */
export function createLeadEventMetrics(metrics: PowertoolsMetrics): LeadEventMetrics {
  return countsByDimension<string, LeadEventMetric>(metrics, 'Destination');
}
