import { rmSync } from 'node:fs';
import { LEAD_FORMS } from '@kryon/shared/api';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { POWERTOOLS_SERVICE_NAME } from '../lib/lead-function.ts';
import { SILENT_STOPS } from '../lib/silent-stop-alarms.ts';
import { evaluate } from './metric-math.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, type Synthesized, synth } from './synth.ts';

// CloudFront's metrics exist in us-east-1 only: one stack there, one elsewhere, one whose region
// synth does not know (a fresh clone, the tests' default).
const siteDir = writeSiteFixture();
const east = synth({ siteDir, region: 'us-east-1' });
const west = synth({ siteDir, region: 'eu-west-1' });
const agnostic = synth({ siteDir });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  for (const { outdir } of [east, west, agnostic]) rmSync(outdir, { recursive: true, force: true });
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
  ReturnData?: boolean;
}
type AlarmProps = Record<string, unknown> & { Metrics: Query[] };

/** The alarm of one construct id under SilentStops, by its logical ID's prefix. */
function alarm({ template }: { template: Template }, id: string): AlarmProps {
  const found = Object.entries(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(([key]) =>
    key.startsWith(`SilentStops${id}`),
  );
  expect(found, id).toHaveLength(1);
  return found[0]?.[1].Properties as AlarmProps;
}
const hasAlarm = ({ template }: Synthesized, id: string) =>
  Object.keys(resourcesOf(template, 'AWS::CloudWatch::Alarm')).some((key) =>
    key.startsWith(`SilentStops${id}`),
  );
const ref = (resource: unknown) => ({
  Ref: logicalId((resource as { node: { defaultChild: CfnResource } }).node.defaultChild),
});
const expressionOf = (props: AlarmProps) => props.Metrics.find((m) => m.Expression)?.Expression;
const query = (props: AlarmProps, id: string) => props.Metrics.find((m) => m.Id === id)?.MetricStat;
/** What CloudWatch would compute for one period: each metric's value, or missing. */
function fires(props: AlarmProps, values: Record<string, number | undefined>): boolean {
  const all = Object.fromEntries(
    props.Metrics.filter((m) => m.MetricStat).map((m) => [m.Id, values[m.Id]]),
  );
  return evaluate(expressionOf(props) as string, all) >= (props.Threshold as number);
}
// Exactly these dimensions, as Powertools writes them: CloudWatch finds a metric only by all.
const leadDimensions = (form: string) => [
  { Name: 'form', Value: form },
  { Name: 'service', Value: POWERTOOLS_SERVICE_NAME },
];
const visitorDimensions = [
  { Name: 'Stream', Value: 'visitor' },
  { Name: 'service', Value: POWERTOOLS_SERVICE_NAME },
];
const DAY = 86_400;

describe('leads stopped while pages are served (us-east-1)', () => {
  const props = () => alarm(east, 'LeadsStopped');

  it('reads a day of CloudFront requests, by DistributionId and Region Global, and every form’s LeadAccepted', () => {
    expect(query(props(), 'requests')).toEqual({
      Metric: {
        Namespace: 'AWS/CloudFront',
        MetricName: 'Requests',
        Dimensions: [
          { Name: 'DistributionId', Value: ref(east.stack.site.distribution) },
          { Name: 'Region', Value: 'Global' },
        ],
      },
      Period: DAY,
      Stat: 'Sum',
    });
    LEAD_FORMS.forEach((form, i) => {
      expect(query(props(), `l${i}`)).toEqual({
        Metric: {
          Namespace: 'Kryon/Leads',
          MetricName: 'LeadAccepted',
          Dimensions: leadDimensions(form),
        },
        Period: DAY,
        Stat: 'Sum',
      });
    });
    expect(props()).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('fires on a served day without a lead, never on a quiet one or a day with one lead', () => {
    const min = SILENT_STOPS.leadsStopped.minRequests;
    expect(fires(props(), { requests: min })).toBe(true);
    expect(fires(props(), { requests: 50_000, l0: 0 })).toBe(true);
    // A young site's quiet day (or night): too few requests to tell a stop from no visitors.
    expect(fires(props(), { requests: min - 1 })).toBe(false);
    expect(fires(props(), { requests: undefined })).toBe(false);
    expect(fires(props(), { requests: 50_000, l3: 1 })).toBe(false);
  });
});

describe('the API’s share of 4xx answers', () => {
  const props = (s = east) => alarm(s, 'ApiRefusals');

  it('reads 4xx (Sum) and Count (SampleCount) by ApiId, in 15 minutes, two windows running', () => {
    const apiId = [{ Name: 'ApiId', Value: ref(east.stack.api.api) }];
    expect(query(props(), 'refused')).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '4xx', Dimensions: apiId },
      Period: 900,
      Stat: 'Sum',
    });
    expect(query(props(), 'requests')).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: apiId },
      Period: 900,
      Stat: 'SampleCount',
    });
    expect(props()).toMatchObject({
      Threshold: 0.5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
  });

  it('fires when a stale origin secret refuses every call, not on a few refusals', () => {
    expect(fires(props(), { requests: 40, refused: 40 })).toBe(true);
    expect(fires(props(), { requests: 10, refused: 5 })).toBe(true);
    expect(fires(props(), { requests: 40, refused: 3 })).toBe(false);
    expect(fires(props(), { requests: 40, refused: undefined })).toBe(false);
    // Below the floor a share says nothing (one bot's three probes).
    expect(fires(props(), { requests: 3, refused: 3 })).toBe(false);
  });

  it('exists in every region: the API’s metrics are regional', () => {
    expect(props(west).Threshold).toBe(0.5);
    expect(props(agnostic).Threshold).toBe(0.5);
  });
});

describe('CloudFront 5xx (us-east-1)', () => {
  const props = () => alarm(east, 'Site5xx');

  it('reads 5xxErrorRate (Average, percent) beside Requests, 2 of 3 five-minute windows', () => {
    const dimensions = [
      { Name: 'DistributionId', Value: ref(east.stack.site.distribution) },
      { Name: 'Region', Value: 'Global' },
    ];
    expect(query(props(), 'errorRate')).toEqual({
      Metric: { Namespace: 'AWS/CloudFront', MetricName: '5xxErrorRate', Dimensions: dimensions },
      Period: 300,
      Stat: 'Average',
    });
    expect(query(props(), 'requests')?.Stat).toBe('Sum');
    expect(props()).toMatchObject({
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
    expect(fires(props(), { requests: 100, errorRate: 20 })).toBe(true);
    expect(fires(props(), { requests: 100, errorRate: 1 })).toBe(false);
    expect(fires(props(), { requests: 4, errorRate: 50 })).toBe(false);
    // Requests without a published rate are no errors, not a gap (decision 087: FILL).
    expect(expressionOf(props())).toBe('IF(requests >= 10, FILL(errorRate, 0), 0)');
    expect(fires(props(), { requests: 100 })).toBe(false);
  });
});

describe('where CloudFront’s metrics are not', () => {
  it.each([
    ['in another region', west, /The stack is in eu-west-1/],
    ['when synth does not know the region', agnostic, /region is not known at synth/],
  ])('leaves both CloudFront alarms out %s, and says so', (_label, s, reason) => {
    expect(hasAlarm(s, 'LeadsStopped')).toBe(false);
    expect(hasAlarm(s, 'Site5xx')).toBe(false);
    expect(JSON.stringify(resourcesOf(s.template, 'AWS::CloudWatch::Alarm'))).not.toContain(
      'AWS/CloudFront',
    );
    const warnings = Annotations.fromStack(s.stack).findWarning(
      '/KryonWeb/SilentStops',
      Match.stringLikeRegexp('kryon:cloudfront-alarms-left-out'),
    );
    expect(warnings).toHaveLength(1);
    const text = String(warnings[0]?.entry.data);
    expect(text).toMatch(reason);
    expect(text).toMatch(/LeadsStopped and Site5xx.*us-east-1 only/);
  });

  it('raises no such warning in us-east-1', () => {
    Annotations.fromStack(east.stack).hasNoWarning(
      '*',
      Match.stringLikeRegexp('kryon:cloudfront-alarms-left-out'),
    );
  });
});

describe('SES refusing the account’s mail as paused', () => {
  it('fires on any EmailSendingPaused of any form in 5 minutes', () => {
    const props = alarm(east, 'SesSendingPaused');
    LEAD_FORMS.forEach((form, i) => {
      expect(query(props, `f${i}`)).toEqual({
        Metric: {
          Namespace: 'Kryon/Leads',
          MetricName: 'EmailSendingPaused',
          Dimensions: leadDimensions(form),
        },
        Period: 300,
        Stat: 'Sum',
      });
    });
    expect(props).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    expect(fires(props, { f1: 1 })).toBe(true);
    expect(fires(props, {})).toBe(false);
  });
});

describe('the brake reading nothing', () => {
  const props = () => alarm(east, 'VisitorBrakeBlind');

  it('reads a day of confirmations sent and of the visitor stream’s outcomes, as the brake does', () => {
    LEAD_FORMS.forEach((form, i) => {
      expect(query(props(), `s${i}`)).toEqual({
        Metric: {
          Namespace: 'Kryon/Leads',
          MetricName: 'VisitorEmailSent',
          Dimensions: leadDimensions(form),
        },
        Period: DAY,
        Stat: 'Sum',
      });
    });
    for (const [id, name] of [
      ['delivered', 'EmailDelivered'],
      ['bounced', 'EmailBounced'],
      ['softBounced', 'EmailSoftBounced'],
      ['rejected', 'EmailRejectedBySes'],
    ]) {
      expect(query(props(), id as string)).toEqual({
        Metric: { Namespace: 'Kryon/Leads', MetricName: name, Dimensions: visitorDimensions },
        Period: DAY,
        Stat: 'Sum',
      });
    }
    expect(props()).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('fires when confirmations went out and no outcome came back, not on a quiet day', () => {
    const min = SILENT_STOPS.visitorBrakeBlind.minSent;
    expect(fires(props(), { s4: min })).toBe(true);
    expect(fires(props(), { s4: min, delivered: 0 })).toBe(true);
    expect(fires(props(), { s4: min, delivered: 9 })).toBe(false);
    expect(fires(props(), { s4: min, bounced: 1 })).toBe(false);
    // A young or quiet stream sends too little to tell a blind brake from no mail.
    expect(fires(props(), { s4: min - 1 })).toBe(false);
    expect(fires(props(), {})).toBe(false);
  });
});

describe('every silent-stop alarm', () => {
  const ids = ['LeadsStopped', 'ApiRefusals', 'Site5xx', 'SesSendingPaused', 'VisitorBrakeBlind'];
  const topic = () => ref(east.stack.alarms.topic);

  it.each(ids)('%s tells the alarm topic when it fires and recovers, with a runbook line', (id) => {
    const props = alarm(east, id);
    expect(props.AlarmActions).toEqual([topic()]);
    expect(props.OKActions).toEqual([topic()]);
    const description = String(props.AlarmDescription);
    expect(description).toMatch(/Look: .*Fix/);
    expect(description.length).toBeLessThanOrEqual(1024);
  });

  it('is on the dashboard with the other alarms, and cdk-nag stays clean', () => {
    for (const alarm of east.stack.silentStops.alarms) {
      expect(east.stack.alarms.alarms).toContain(alarm);
    }
    expect(east.stack.silentStops.alarms).toHaveLength(ids.length);
    expect(nagFindings(east.app)).toEqual([]);
    expect(nagFindings(west.app)).toEqual([]);
  });
});
