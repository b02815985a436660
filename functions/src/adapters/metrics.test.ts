import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrakeMetrics, createDeliveryMetrics, createLeadMetrics } from './metrics.ts';

/** What one publish would have written: the form dimension and the metric values. */
interface Published {
  dimensions: string[][];
  form: unknown;
  metrics: { [name: string]: unknown };
}

let powertools: Metrics;
let records: Published[];

beforeEach(() => {
  powertools = new Metrics({ namespace: 'Test', serviceName: 'test' });
  records = [];
  vi.spyOn(powertools, 'addDimension');
  vi.spyOn(powertools, 'addMetric');
  // Instead of printing the EMF record (the vitest config disables that anyway), keep what
  // it would have held, then clear as the real publish does.
  vi.spyOn(powertools, 'publishStoredMetrics').mockImplementation(() => {
    const emf = powertools.serializeMetrics() as unknown as {
      _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] };
      [key: string]: unknown;
    };
    const [definition] = emf._aws.CloudWatchMetrics;
    records.push({
      dimensions: definition?.Dimensions ?? [],
      form: emf.form,
      metrics: Object.fromEntries((definition?.Metrics ?? []).map((m) => [m.Name, emf[m.Name]])),
    });
    powertools.clearMetrics();
    powertools.clearDimensions();
    return powertools;
  });
});

describe('createLeadMetrics', () => {
  it('sums the counts of one metric and form into one value', () => {
    const metrics = createLeadMetrics(powertools);

    metrics.count('LeadAccepted', 'contact');
    metrics.count('LeadAccepted', 'contact');
    metrics.count('LeadAccepted', 'contact', 3);
    metrics.flush();

    expect(powertools.addMetric).toHaveBeenCalledExactlyOnceWith(
      'LeadAccepted',
      MetricUnit.Count,
      5,
    );
    expect(records).toEqual([
      { dimensions: [['service', 'form']], form: 'contact', metrics: { LeadAccepted: 5 } },
    ]);
  });

  it('counts one by default', () => {
    const metrics = createLeadMetrics(powertools);

    metrics.count('EmailSent', 'demo');
    metrics.flush();

    expect(powertools.addMetric).toHaveBeenCalledExactlyOnceWith('EmailSent', MetricUnit.Count, 1);
  });

  it('writes the metrics of one form in one record', () => {
    const metrics = createLeadMetrics(powertools);

    metrics.count('LeadAccepted', 'contact');
    metrics.count('EmailSent', 'contact', 2);
    metrics.count('EmailFailed', 'contact');
    metrics.flush();

    expect(powertools.publishStoredMetrics).toHaveBeenCalledTimes(1);
    expect(records).toEqual([
      {
        dimensions: [['service', 'form']],
        form: 'contact',
        metrics: { LeadAccepted: 1, EmailSent: 2, EmailFailed: 1 },
      },
    ]);
  });

  it('publishes once per form, each record with its own form as the dimension', () => {
    const metrics = createLeadMetrics(powertools);

    metrics.count('EmailResent', 'contact');
    metrics.count('EmailResent', 'partner', 2);
    metrics.count('EmailAbandoned', 'contact');
    metrics.count('EmailResent', 'contact');
    metrics.flush();

    expect(powertools.publishStoredMetrics).toHaveBeenCalledTimes(2);
    expect(powertools.addDimension).toHaveBeenCalledTimes(2);
    expect(powertools.addDimension).toHaveBeenNthCalledWith(1, 'form', 'contact');
    expect(powertools.addDimension).toHaveBeenNthCalledWith(2, 'form', 'partner');
    expect(records).toEqual([
      {
        dimensions: [['service', 'form']],
        form: 'contact',
        metrics: { EmailResent: 2, EmailAbandoned: 1 },
      },
      { dimensions: [['service', 'form']], form: 'partner', metrics: { EmailResent: 2 } },
    ]);
  });

  it('adds the dimension and the metrics of a form before publishing them', () => {
    const metrics = createLeadMetrics(powertools);

    metrics.count('LeadSpam', 'download');
    metrics.flush();

    const dimension = vi.mocked(powertools.addDimension).mock.invocationCallOrder[0] ?? 0;
    const metric = vi.mocked(powertools.addMetric).mock.invocationCallOrder[0] ?? 0;
    const publish = vi.mocked(powertools.publishStoredMetrics).mock.invocationCallOrder[0] ?? 0;
    expect(dimension).toBeGreaterThan(0);
    expect(dimension).toBeLessThan(publish);
    expect(metric).toBeLessThan(publish);
  });

  it('publishes nothing when nothing was counted', () => {
    createLeadMetrics(powertools).flush();

    expect(powertools.addDimension).not.toHaveBeenCalled();
    expect(powertools.addMetric).not.toHaveBeenCalled();
    expect(powertools.publishStoredMetrics).not.toHaveBeenCalled();
  });

  it('publishes nothing on a second flush: the first cleared the counts', () => {
    const metrics = createLeadMetrics(powertools);
    metrics.count('LeadRejected', 'beta-access');
    metrics.flush();
    expect(powertools.publishStoredMetrics).toHaveBeenCalledTimes(1);

    metrics.flush();

    expect(powertools.publishStoredMetrics).toHaveBeenCalledTimes(1);
    expect(powertools.addMetric).toHaveBeenCalledTimes(1);
  });

  it('starts again from zero after a flush', () => {
    const metrics = createLeadMetrics(powertools);
    metrics.count('LeadRateLimited', 'contact', 4);
    metrics.flush();

    metrics.count('LeadRateLimited', 'contact');
    metrics.flush();

    expect(records.map((record) => record.metrics)).toEqual([
      { LeadRateLimited: 4 },
      { LeadRateLimited: 1 },
    ]);
  });
});

describe('createDeliveryMetrics', () => {
  it('writes one record per stream, with the stream as the dimension Stream', () => {
    const metrics = createDeliveryMetrics(powertools);

    metrics.count('EmailDelivered', 'visitor');
    metrics.count('EmailBounced', 'visitor');
    metrics.count('EmailDelivered', 'visitor');
    metrics.count('EmailDelivered', 'sales');
    metrics.flush();

    expect(powertools.addDimension).toHaveBeenCalledWith('Stream', 'visitor');
    expect(powertools.addDimension).toHaveBeenCalledWith('Stream', 'sales');
    expect(records.map((r) => [r.dimensions, r.metrics])).toEqual([
      [[['service', 'Stream']], { EmailDelivered: 2, EmailBounced: 1 }],
      [[['service', 'Stream']], { EmailDelivered: 1 }],
    ]);
  });
});

describe('createBrakeMetrics', () => {
  it('writes VisitorStreamPaused with only the service dimension, and nothing when not counted', () => {
    const metrics = createBrakeMetrics(powertools);
    metrics.flush();
    expect(records).toEqual([]);

    metrics.count('VisitorStreamPaused');
    metrics.flush();
    metrics.flush();

    expect(powertools.addDimension).not.toHaveBeenCalled();
    expect(records.map((r) => [r.dimensions, r.metrics])).toEqual([
      [[['service']], { VisitorStreamPaused: 1 }],
    ]);
  });
});
