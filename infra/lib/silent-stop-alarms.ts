import { Annotations, Duration, Stack, Token } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { type Alarm, type IMetric, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { leadMetric, leadMetricTotal, streamMetric } from './lead-metrics.ts';
import { type OperationsAlarms, VISITOR_VOLUME } from './operations-alarms.ts';

/**
 * CloudFront publishes its metrics in US East (N. Virginia) only: "To get CloudFront metrics
 * from the CloudWatch API, you must use the US East (N. Virginia) Region (us-east-1)" (Amazon
 * CloudFront Developer Guide, "Types of metrics for CloudFront",
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/programming-cloudwatch-metrics.html),
 * and an alarm reads metrics of its own region (CDK refuses another: "Cannot create an Alarm in
 * region ... based on metric ... in us-east-1"). Elsewhere an alarm on them would never have data.
 */
export const CLOUDFRONT_METRICS_REGION = 'us-east-1';

/**
 * The windows and floors of the silent-stop alarms (decision 081): each fires only on a count
 * large enough that a quiet hour or night of a young site cannot look like a stop.
 */
export const SILENT_STOPS = {
  /** A day with this many CloudFront requests and not one lead accepted. */
  leadsStopped: { period: Duration.days(1), minRequests: 20_000 },
  /** Half of the API's answers 4xx, of at least 10 requests, in two 15-minute windows running. */
  apiRefusals: { period: Duration.minutes(15), share: 0.5, minRequests: 10, periods: 2 },
  /** 5 % of the site's answers 5xx, of at least 10 requests, in 2 of 3 five-minute windows. */
  site5xx: { period: Duration.minutes(5), percent: 5, minRequests: 10, periods: 3, breaching: 2 },
  /** Any message SES refused as paused, not by the brake, in 5 minutes. */
  sesSendingPaused: { period: Duration.minutes(5) },
  /** A day with this many confirmations SES accepted and not one visitor outcome recorded. */
  visitorBrakeBlind: { period: Duration.days(1), minSent: 10 },
} as const;

export interface SilentStopAlarmsProps {
  /** The alarm topic's construct: each alarm here notifies it and is listed with its alarms. */
  operations: OperationsAlarms;
  /** The lead forms, each the `form` dimension of the functions' counts. */
  leadForms: readonly string[];
  api: HttpApi;
  distribution: IDistribution;
}

/**
 * Alarms for what stops without an error (decision 081): leads no longer arriving while pages
 * are served, the API refusing its callers (a stale origin-verify secret answers every call
 * 403), CloudFront answering 5xx (an origin it cannot reach never reaches the API's metrics),
 * SES refusing the account's mail as paused, and the brake reading nothing.
 */
export class SilentStopAlarms extends Construct {
  readonly alarms: Alarm[] = [];
  private readonly operations: OperationsAlarms;

  constructor(scope: Construct, id: string, props: SilentStopAlarmsProps) {
    super(scope, id);
    const { leadForms, api, distribution } = props;
    this.operations = props.operations;

    const region = Stack.of(this).region;
    if (!Token.isUnresolved(region) && region === CLOUDFRONT_METRICS_REGION) {
      this.cloudFrontAlarms(leadForms, distribution);
    } else {
      Annotations.of(this).addWarningV2(
        'kryon:cloudfront-alarms-left-out',
        `${
          Token.isUnresolved(region)
            ? "The stack's region is not known at synth"
            : `The stack is in ${region}`
        }: the alarms LeadsStopped and Site5xx are left out. CloudFront publishes its ` +
          `metrics in ${CLOUDFRONT_METRICS_REGION} only, and an alarm reads its own region's. ` +
          `Deploy the stack in ${CLOUDFRONT_METRICS_REGION} (region in the environment file), ` +
          'or watch the distribution from an alarm there; the canary still walks the site.',
      );
    }

    // A stale origin-verify secret makes every function answer 403; API Gateway counts an
    // integration's 4xx in `4xx` and every request in `Count` ("Monitor CloudWatch metrics for
    // HTTP APIs in API Gateway",
    // https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-metrics.html).
    const refusals = SILENT_STOPS.apiRefusals;
    this.add(
      'ApiRefusals',
      new MathExpression({
        expression: `IF(requests >= ${refusals.minRequests}, FILL(refused, 0) / requests, 0)`,
        usingMetrics: {
          requests: api.metricCount({ period: refusals.period }),
          refused: api.metricClientError({ period: refusals.period }),
        },
        label: 'Share of API requests answered 4xx',
        period: refusals.period,
      }),
      {
        threshold: refusals.share,
        evaluationPeriods: refusals.periods,
        description:
          `At least ${refusals.share * 100} % of the API's answers were 4xx for ` +
          `${refusals.periods * refusals.period.toMinutes()} minutes: forms fail for every visitor. ` +
          'Look: the API access log statuses (403 on every route is the origin-verify secret: ' +
          'CloudFront sends a version the functions no longer accept; 404 from one address is a ' +
          'scanner). Fix a 403: set originVerifySecretVersion to the secret’s current VersionId ' +
          'and deploy (README "Rotating the secrets").',
      },
    );

    // SES says so in its SendEmail answer only (SendingPausedException,
    // AccountSuspendedException: SES API v2 SendEmail,
    // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html); no CloudWatch
    // metric or event of the account's pause was found, so the functions count it.
    this.add(
      'SesSendingPaused',
      leadMetricTotal('EmailSendingPaused', leadForms, {
        label: 'E-mails SES refused as paused (not the brake)',
        period: SILENT_STOPS.sesSendingPaused.period,
      }),
      {
        threshold: 1,
        evaluationPeriods: 1,
        description:
          'SES refused e-mail as paused and it was not the visitor brake: the account’s sending ' +
          'is paused or suspended (every lead’s mail waits), or someone paused the sales set. ' +
          'Look: `aws sesv2 get-account` (SendingEnabled, EnforcementStatus) and the SES ' +
          'console’s reputation page; `get-configuration-set` of SalesConfigurationSet. Fix: ' +
          'answer SES’s review, or re-enable the set; leads are kept and re-sent.',
      },
    );

    // The brake reads the visitor stream's outcomes (decision 075): if they never arrive (an
    // event destination, the rule's detail-types or the metric's dimensions wrong) it can never
    // pull. A day with confirmations sent and not one outcome is that; a quiet day is not.
    const blind = SILENT_STOPS.visitorBrakeBlind;
    const day = { period: blind.period };
    const sent = Object.fromEntries(
      leadForms.map((form, i) => [`s${i}`, leadMetric('VisitorEmailSent', form, day)]),
    );
    const sentSum = Object.keys(sent)
      .map((key) => `FILL(${key}, 0)`)
      .join(' + ');
    this.add(
      'VisitorBrakeBlind',
      new MathExpression({
        expression: `IF(${sentSum} >= ${blind.minSent}, IF((${VISITOR_VOLUME}) == 0, 1, 0), 0)`,
        usingMetrics: {
          ...sent,
          delivered: streamMetric('EmailDelivered', 'visitor', day),
          bounced: streamMetric('EmailBounced', 'visitor', day),
          softBounced: streamMetric('EmailSoftBounced', 'visitor', day),
          rejected: streamMetric('EmailRejectedBySes', 'visitor', day),
        },
        label: 'Visitor confirmations sent with no outcome recorded (1 = the brake is blind)',
        period: blind.period,
      }),
      {
        threshold: 1,
        evaluationPeriods: 1,
        description:
          `At least ${blind.minSent} visitor confirmations went out in a day and no delivery, ` +
          'bounce or reject of the visitor stream was recorded: the brake reads nothing and ' +
          'cannot pause. Look: `aws cloudwatch list-metrics --namespace Kryon/Leads ' +
          '--dimensions Name=Stream,Value=visitor`, the DeliveryEvents rule’s invocations, the ' +
          'visitor set’s event destination. Fix the rule, destination or dimension it shows.',
      },
    );
  }

  /** The two alarms that read CloudFront's metrics: only where those are (us-east-1). */
  private cloudFrontAlarms(leadForms: readonly string[], distribution: IDistribution): void {
    // Every CloudFront metric has the dimensions DistributionId and Region, whose value is always
    // Global (the same page); CloudWatch finds a metric only by all of its dimensions, so CDK's
    // distribution.metric*() (DistributionId alone) would find nothing.
    const cloudFront = (metricName: string, statistic: string, period: Duration) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
        statistic,
        period,
      });

    const stopped = SILENT_STOPS.leadsStopped;
    const leads = Object.fromEntries(
      leadForms.map((form, i) => [
        `l${i}`,
        leadMetric('LeadAccepted', form, { period: stopped.period }),
      ]),
    );
    const leadSum = Object.keys(leads)
      .map((key) => `FILL(${key}, 0)`)
      .join(' + ');
    this.add(
      'LeadsStopped',
      new MathExpression({
        expression: `IF(requests >= ${stopped.minRequests}, IF((${leadSum}) == 0, 1, 0), 0)`,
        usingMetrics: {
          requests: cloudFront('Requests', 'Sum', stopped.period),
          ...leads,
        },
        label: 'A served day without a lead (1 = leads stopped)',
        period: stopped.period,
      }),
      {
        threshold: 1,
        evaluationPeriods: 1,
        description:
          `The site served at least ${stopped.minRequests} requests in a day and not one lead ` +
          'was accepted: a form or the download stopped working without an error. Look: the ' +
          'canary, a form by hand in a browser (its console: CSP), `curl <SiteUrl>/api/email/' +
          'health` (HTML is the SPA fallback on /api/*), alarm ApiRefusals. Fix what that shows, ' +
          'or raise the floor if the traffic is bots.',
      },
    );

    const errors = SILENT_STOPS.site5xx;
    this.add(
      'Site5xx',
      new MathExpression({
        // FILL: a period with requests but no rate published is no error, not a gap.
        expression: `IF(requests >= ${errors.minRequests}, FILL(errorRate, 0), 0)`,
        usingMetrics: {
          requests: cloudFront('Requests', 'Sum', errors.period),
          errorRate: cloudFront('5xxErrorRate', 'Average', errors.period),
        },
        label: 'Share of the site’s answers 5xx (%)',
        period: errors.period,
      }),
      {
        threshold: errors.percent,
        evaluationPeriods: errors.periods,
        datapointsToAlarm: errors.breaching,
        description:
          `At least ${errors.percent} % of CloudFront's answers were 5xx in ${errors.breaching} ` +
          `of ${errors.periods} five-minute windows. Look: alarm Api5xx (then a function fails); ` +
          'else CloudFront cannot reach an origin: the ApiOriginTarget CNAME, the API name’s ' +
          'or client certificate (expired?), the truststore; or the site bucket. Fix that origin.',
      },
    );
  }

  /** One alarm, at or above its threshold, quiet without data, to the alarm topic. */
  private add(
    id: string,
    metric: IMetric,
    options: {
      threshold: number;
      evaluationPeriods: number;
      datapointsToAlarm?: number;
      description: string;
    },
  ): void {
    // No data is no traffic (or, for the brake, no confirmation sent): never a stop.
    const alarm = this.operations.alarm(
      this,
      id,
      metric,
      {
        threshold: options.threshold,
        evaluationPeriods: options.evaluationPeriods,
        datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods,
      },
      options.description,
    );
    this.alarms.push(alarm);
  }
}
