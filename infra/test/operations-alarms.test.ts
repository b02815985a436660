import { rmSync } from 'node:fs';
import { API_ROUTES, FALLBACK_HANDLER } from '@kryon/functions/routes';
import { LEAD_FORMS } from '@kryon/shared/api';
import type { CfnResource } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { POWERTOOLS_SERVICE_NAME } from '../lib/lead-function.ts';
import {
  ALARM_WINDOWS,
  type AlarmWindow,
  RETRIED_FUNCTIONS,
  SES_ACCOUNT_WARNING,
  SES_REVIEW_RATES,
} from '../lib/operations-alarms.ts';
import { evaluate } from './metric-math.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, resourcesOf, synth } from './synth.ts';

// In us-east-1, so that every alarm of the stack is made, CloudFront's included (decision 081).
const siteDir = writeSiteFixture();
const { stack, template, outdir } = synth({ siteDir, region: 'us-east-1' });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

interface Query {
  Id: string;
  Expression?: string;
  MetricStat?: {
    Metric: {
      Namespace: string;
      MetricName: string;
      Dimensions: { Name: string; Value: unknown }[];
    };
    Period: number;
    Stat: string;
  };
}
type AlarmProps = Record<string, unknown> & { Metrics?: Query[] };

const allAlarms = () => Object.entries(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
/** The alarm of one construct id under Alarms (OperationsAlarms), by its logical ID. */
function alarm(id: string): AlarmProps {
  const found = allAlarms().filter(([key]) => new RegExp(`^Alarms${id}[0-9A-F]{8}$`).test(key));
  expect(found, id).toHaveLength(1);
  return found[0]?.[1].Properties as AlarmProps;
}
const expressionOf = (props: AlarmProps) =>
  props.Metrics?.find((m) => m.Expression)?.Expression as string;
const countedIds = (props: AlarmProps) =>
  (props.Metrics ?? []).filter((m) => m.MetricStat).map((m) => m.Id);

/** One period's data: a plain metric's value, or each metric of an expression (absent: no data). */
type Period = number | undefined | Record<string, number | undefined>;

/**
 * CloudWatch's verdict after the last EvaluationPeriods periods: ALARM when at least
 * DatapointsToAlarm of them are at or above the threshold; a period without data (or whose
 * expression has no value) is not breaching, as TreatMissingData notBreaching says.
 */
function fires(props: AlarmProps, periods: Period[]): boolean {
  expect(props.TreatMissingData).toBe('notBreaching');
  expect(props.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
  const value = (period: Period): number => {
    if (period === undefined || typeof period === 'number') return period ?? Number.NaN;
    const values = Object.fromEntries(countedIds(props).map((id) => [id, period[id]]));
    return evaluate(expressionOf(props), values);
  };
  const window = periods.slice(-(props.EvaluationPeriods as number));
  const breaching = window.filter((period) => value(period) >= (props.Threshold as number));
  return breaching.length >= (props.DatapointsToAlarm as number);
}

/** The window the template says, in the constant's terms. */
function windowOf(props: AlarmProps) {
  const period =
    (props.Period as number | undefined) ??
    props.Metrics?.find((m) => m.MetricStat)?.MetricStat?.Period;
  return {
    period,
    evaluationPeriods: props.EvaluationPeriods,
    datapointsToAlarm: props.DatapointsToAlarm,
    threshold: props.Threshold,
  };
}
const expected = (window: AlarmWindow, threshold = 1) => ({
  period: window.period.toSeconds(),
  evaluationPeriods: window.evaluationPeriods,
  datapointsToAlarm: window.datapointsToAlarm,
  threshold: window.threshold ?? threshold,
});

const API_HANDLERS = [...new Set([...API_ROUTES.map((r) => r.handler), FALLBACK_HANDLER])];
const pascal = (name: string) =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
const fnRef = (fn: { node: { defaultChild?: unknown } }) => ({
  Ref: logicalId(fn.node.defaultChild as CfnFunction),
});

describe('a function that answers a visitor', () => {
  it.each(API_HANDLERS.flatMap((h) => [[h, 'Errors'] as const, [h, 'Throttles'] as const]))(
    '%s %s: Sum of one five-minute window, 1 of 1, at 1',
    (handler, metric) => {
      const props = alarm(`${pascal(handler)}${metric}`);
      const fn = stack.api.functions.get(handler);
      expect(fn, handler).toBeDefined();
      expect(props).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: metric,
        Dimensions: [{ Name: 'FunctionName', Value: fnRef(fn as never) }],
        Statistic: 'Sum',
        TreatMissingData: 'notBreaching',
      });
      expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.visitorFunction));
      // A 5xx answered to a visitor (a lead that may be lost) alarms at once.
      expect(fires(props, [1])).toBe(true);
      expect(fires(props, [0])).toBe(false);
      expect(fires(props, [undefined])).toBe(false);
      expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
    },
  );

  it('Api5xx: any 5xx the API answered, in one five-minute window, alarms at once', () => {
    const props = alarm('Api5xx');
    expect(props).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
    });
    expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.api5xx));
    expect(fires(props, [1])).toBe(true);
    expect(fires(props, [undefined, undefined, 1])).toBe(true);
    expect(fires(props, [undefined])).toBe(false);
    expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
  });
});

describe('a function whose work is retried', () => {
  const retried = {
    resend: () => stack.resend.fn,
    'delivery-events': () => stack.deliveryEvents.fn,
    'visitor-brake': () => stack.visitorBrake.fn,
  } as const;

  it('is every function outside the API, and nothing else', () => {
    // And the lead-event delivery function, made only for an environment with destinations
    // (infra/lib/lead-events.test.ts checks its alarms).
    expect(Object.keys(RETRIED_FUNCTIONS).sort()).toEqual(
      [...Object.keys(retried), 'lead-event-delivery'].sort(),
    );
    const errorAlarms = allAlarms().filter(
      ([, a]) => a.Properties?.Namespace === 'AWS/Lambda' && a.Properties?.MetricName === 'Errors',
    );
    expect(errorAlarms).toHaveLength(API_HANDLERS.length + Object.keys(retried).length);
  });

  it.each(Object.keys(retried).flatMap((h) => [[h, 'Errors'] as const, [h, 'Throttles'] as const]))(
    '%s %s: Sum of five-minute windows, 4 of 4, at 1',
    (handler, metric) => {
      const props = alarm(`${pascal(handler)}${metric}`);
      expect(props).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: metric,
        Dimensions: [
          { Name: 'FunctionName', Value: fnRef(retried[handler as keyof typeof retried]()) },
        ],
        Statistic: 'Sum',
      });
      expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.retriedFunction));
      // One event and Lambda's two retries (1 and 2 minutes apart, each run up to the re-send's
      // 2 minutes) fall in at most 3 five-minute windows: its dead-letter queue tells ops.
      expect(fires(props, [undefined, 1, 2, undefined])).toBe(false);
      expect(fires(props, [1, 1, 1, undefined])).toBe(false);
      expect(fires(props, [1, 1, undefined, 1])).toBe(false);
      // A schedule every 5 minutes that keeps failing fails in every window: 20 minutes.
      expect(fires(props, [1, 1, 1, 1])).toBe(true);
      expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
    },
  );

  it('a one-event failure still reaches a person at once, through the dead-letter queues', () => {
    for (const id of ['ResendDeadLetters', 'DeliveryEventsDeadLetters']) {
      const props = alarm(id);
      expect(props).toMatchObject({ Statistic: 'Maximum', Threshold: 1 });
      expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.atOnce));
      expect(fires(props, [1])).toBe(true);
    }
  });
});

describe('table throttles', () => {
  const props = () => alarm('TableThrottles');

  it('sum each operation’s ThrottledRequests with FILL, 2 of 3 five-minute windows', () => {
    const table = logicalId(stack.table.table.node.defaultChild as CfnResource);
    expect(expressionOf(props())).toBe('FILL(getitem, 0) + FILL(putitem, 0) + FILL(updateitem, 0)');
    for (const [id, operation] of [
      ['getitem', 'GetItem'],
      ['putitem', 'PutItem'],
      ['updateitem', 'UpdateItem'],
    ]) {
      expect(props().Metrics?.find((m) => m.Id === id)?.MetricStat).toEqual({
        Metric: {
          Namespace: 'AWS/DynamoDB',
          MetricName: 'ThrottledRequests',
          Dimensions: expect.arrayContaining([
            { Name: 'Operation', Value: operation },
            { Name: 'TableName', Value: { Ref: table } },
          ]),
        },
        Period: 300,
        Stat: 'Sum',
      });
    }
    expect(windowOf(props())).toEqual(expected(ALARM_WINDOWS.tableThrottles));
  });

  it('fires when only one operation was throttled (DynamoDB publishes only throttled ones)', () => {
    expect(fires(props(), [{ putitem: 3 }, undefined, { updateitem: 1 }])).toBe(true);
    expect(fires(props(), [{ putitem: 3 }, { putitem: 3 }])).toBe(true);
  });

  it('does not fire for one burst the SDK’s retries absorbed', () => {
    expect(fires(props(), [undefined, { getitem: 40 }, undefined])).toBe(false);
    expect(fires(props(), [{}, {}, {}])).toBe(false);
  });
});

describe('e-mails', () => {
  const leadDimensions = (form: string) =>
    expect.arrayContaining([
      { Name: 'form', Value: form },
      { Name: 'service', Value: POWERTOOLS_SERVICE_NAME },
    ]);
  /** The alarm reads this count of every form, FILLed and summed. */
  function expectSumOverForms(props: AlarmProps, metricName: string, period: number) {
    const counted = (props.Metrics ?? []).filter((m) => m.MetricStat);
    expect(counted.map((m) => m.MetricStat?.Metric.MetricName)).toEqual(
      LEAD_FORMS.map(() => metricName),
    );
    LEAD_FORMS.forEach((form, i) => {
      expect(counted[i]?.MetricStat?.Metric.Dimensions).toEqual(leadDimensions(form));
      expect(counted[i]?.MetricStat).toMatchObject({ Period: period, Stat: 'Sum' });
    });
    expect(expressionOf(props)).toBe(counted.map((m) => `FILL(${m.Id}, 0)`).join(' + '));
  }
  /** Data from one form only: the others publish nothing that period. */
  const oneForm = (props: AlarmProps, value: number) => ({
    [countedIds(props)[2] as string]: value,
  });

  it('FailedSends: EmailFailed over the forms, in each of 3 hours running', () => {
    const props = alarm('FailedSends');
    expectSumOverForms(props, 'EmailFailed', 3600);
    expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.failedSends));
    expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
  });

  it('FailedSends: a send that fails and is re-sent does not alarm until it stays failing', () => {
    const props = alarm('FailedSends');
    const failed = (n: number) => oneForm(props, n);
    // An SES blip: the re-send's next attempts (after 0, 1, 2, 4 minutes...) go out in the hour.
    expect(fires(props, [undefined, undefined, failed(6)])).toBe(false);
    expect(fires(props, [failed(6), undefined, undefined])).toBe(false);
    expect(fires(props, [failed(6), failed(1), undefined])).toBe(false);
    // Still failing in the third hour (about 9 attempts: the backoff's 85 and 150 minutes).
    expect(fires(props, [failed(7), failed(1), failed(1)])).toBe(true);
  });

  it('AbandonedSends: EmailAbandoned over the forms alarms at once, one form’s alone', () => {
    const props = alarm('AbandonedSends');
    expectSumOverForms(props, 'EmailAbandoned', 300);
    expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.abandonedSends));
    expect(fires(props, [oneForm(props, 1)])).toBe(true);
    expect(fires(props, [{}])).toBe(false);
    expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
  });

  it('AwaitingSender: EmailAwaitingSender over the forms, for 4 days, not the 72 hours DKIM may take', () => {
    const props = alarm('AwaitingSender');
    expectSumOverForms(props, 'EmailAwaitingSender', 6 * 3600);
    expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.awaitingSender));
    // CloudWatch evaluates at most 7 days for periods of an hour or more.
    const { period, evaluationPeriods } = ALARM_WINDOWS.awaitingSender;
    expect(period.toHours() * evaluationPeriods).toBe(96);
    expect(period.toHours() * evaluationPeriods).toBeLessThanOrEqual(7 * 24);
    // A waiting e-mail is tried (and counted) by every re-send run, every 5 minutes.
    const waiting = (windows: number) => Array.from({ length: windows }, () => oneForm(props, 72));
    expect(fires(props, waiting(12))).toBe(false); // 72 hours: DKIM may still verify
    expect(fires(props, [...waiting(15), undefined])).toBe(false);
    expect(fires(props, waiting(16))).toBe(true); // 4 days
    expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
  });

  it('failed sends no longer count the wait for a verifying identity', () => {
    const props = alarm('FailedSends');
    expect(JSON.stringify(props.Metrics)).not.toContain('EmailAwaitingSender');
    expect(JSON.stringify(props.Metrics)).not.toContain('EmailAbandoned');
  });
});

describe('the account’s SES reputation', () => {
  it.each([
    ['SesBounceRate', 'Reputation.BounceRate', SES_ACCOUNT_WARNING.bounceRate, 0.025],
    ['SesComplaintRate', 'Reputation.ComplaintRate', SES_ACCOUNT_WARNING.complaintRate, 0.0005],
  ] as const)(
    '%s warns at half SES’s review rate, its hourly Maximum, 1 of 1',
    (id, metricName, threshold, value) => {
      const props = alarm(id);
      expect(threshold).toBe(value);
      expect(props).toMatchObject({
        Namespace: 'AWS/SES',
        MetricName: metricName,
        Statistic: 'Maximum',
      });
      expect(props.Dimensions).toBeUndefined();
      expect(windowOf(props)).toEqual(expected(ALARM_WINDOWS.sesReputation, threshold));
      const review =
        id === 'SesBounceRate' ? SES_REVIEW_RATES.bounceRate : SES_REVIEW_RATES.complaintRate;
      expect(threshold).toBeLessThan(review);
      expect(fires(props, [threshold])).toBe(true);
      expect(fires(props, [threshold * 0.9])).toBe(false);
      expect(String(props.AlarmDescription)).toMatch(/Look: .*Fix/);
    },
  );
});

describe('every alarm of the stack', () => {
  /**
   * The metrics an expression may read without FILL: a count of requests whose absence is no
   * traffic, which gates the expression (IF(requests >= floor, ...)) and must not alarm.
   */
  const GATES = new Set(['requests']);

  it('FILLs every term that can be missing, so one term’s data is enough', () => {
    let expressions = 0;
    for (const [key, resource] of allAlarms()) {
      const props = resource.Properties as AlarmProps;
      const expression = props.Metrics?.find((m) => m.Expression)?.Expression;
      if (!expression) continue;
      expressions += 1;
      const bare = expression.replace(/FILL\(\s*\w+\s*,\s*[\d.]+\s*\)/g, '');
      for (const id of countedIds(props)) {
        if (GATES.has(id)) continue;
        expect(new RegExp(`\\b${id}\\b`).test(bare), `${key}: ${id} outside FILL`).toBe(false);
        // With that term alone, the expression has a value (the gate, if any, open).
        const values = Object.fromEntries(countedIds(props).map((m) => [m, undefined]));
        const gates = Object.fromEntries(
          countedIds(props)
            .filter((m) => GATES.has(m))
            .map((m) => [m, 1e9]),
        );
        const result = evaluate(expression, { ...values, ...gates, [id]: 1 });
        expect(Number.isNaN(result), `${key} with only ${id}`).toBe(false);
      }
    }
    expect(expressions).toBeGreaterThanOrEqual(10);
  });

  it('is at or above its threshold and quiet without data, with a description', () => {
    for (const [key, resource] of allAlarms()) {
      const props = resource.Properties as AlarmProps;
      expect(props.ComparisonOperator, key).toBe('GreaterThanOrEqualToThreshold');
      expect(props.TreatMissingData, key).toMatch(/^(notBreaching|breaching)$/);
      expect(String(props.AlarmDescription).length, key).toBeGreaterThan(40);
      expect(String(props.AlarmDescription).length, key).toBeLessThanOrEqual(1024);
    }
  });
});
