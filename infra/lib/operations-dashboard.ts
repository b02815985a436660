import type { DeliveryMetric, LeadMetric } from '@kryon/functions/metric-names';
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  configurationSetReputation,
  leadMetric,
  leadMetricTotal,
  MAIL_STREAMS,
  streamMetric,
  visitorStreamPausedMetric,
} from './lead-metrics.ts';

export interface OperationsDashboardProps {
  /** The lead forms, each the `form` dimension of the functions' metrics. */
  leadForms: readonly string[];
  /** Every function by handler name, the re-send included. */
  functions: ReadonlyMap<string, IFunction>;
  api: IHttpApi;
  /** The re-send function's dead-letter queue. */
  deadLetterQueue: IQueue;
  /** Shown together at the top, so a glance tells whether anything needs a person. */
  alarms: readonly IAlarm[];
  /** The delivery-events rule's and function's dead-letter queue. */
  deliveryEventsDeadLetterQueue: IQueue;
  /** The visitor set, whose own reputation the brake watches, and the brake's rates. */
  visitorBrake: { configurationSetName: string; bounceRate: number; complaintRate: number };
}

/** What became of a stream's e-mails after SES accepted them, as the graphs label it. */
const OUTCOMES: readonly [DeliveryMetric, string][] = [
  ['EmailDelivered', 'delivered'],
  ['EmailBounced', 'bounced'],
  ['EmailSoftBounced', 'soft-bounced'],
  ['EmailComplained', 'complained'],
  ['EmailDelayed', 'delayed'],
  ['EmailRejectedBySes', 'rejected by SES'],
];

/** The counts of a visitor confirmation not sent, each with its reason as the graph labels it. */
const WITHHELD_REASONS: readonly [LeadMetric, string][] = [
  ['VisitorEmailUnverified', 'no valid browser check'],
  ['VisitorEmailBudgetExceeded', "address's daily budget spent"],
  ['VisitorEmailCeilingReached', 'hourly ceiling reached'],
  ['VisitorEmailSuppressed', 'address bounced or complained before'],
  ['VisitorEmailNoMailDomain', 'domain takes no mail'],
  ['VisitorEmailPaused', 'visitor e-mail paused (the brake)'],
  ['VisitorEmailSandboxRefused', 'SES sandbox: address not verified'],
];

const PERIOD = Duration.minutes(5);
const HEIGHT = 6;

/**
 * One CloudWatch dashboard for the people who run the site: what leads arrive, what was kept
 * out, which e-mails are still owed, and whether the functions and the API are healthy. The
 * alarms say when to look; this is where to look.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { leadForms } = props;
    const perForm = (metricName: LeadMetric) =>
      leadForms.map((form) => leadMetric(metricName, form, { label: form, period: PERIOD }));
    const graph = (title: string, left: IMetric[], width: number, extra = {}) =>
      new GraphWidget({ title, left, width, height: HEIGHT, period: PERIOD, ...extra });
    const functions = [...props.functions];

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          '## Kryon website operations\n' +
          'Counts per 5 minutes. A form with no line had nothing to count: the functions ' +
          'write only what happened. Leads are in the table either way ' +
          '(`npm run leads:export`).',
        width: 12,
        height: HEIGHT,
      }),
      new AlarmStatusWidget({
        title: 'Alarms',
        alarms: [...props.alarms],
        width: 12,
        height: HEIGHT,
      }),
    );
    this.dashboard.addWidgets(
      graph('Leads accepted per form', perForm('LeadAccepted'), 12, { stacked: true }),
      graph('Spam per form (answered as accepted, nothing sent)', perForm('LeadSpam'), 6),
      graph('Rate-limited per form (429)', perForm('LeadRateLimited'), 6),
    );
    this.dashboard.addWidgets(
      graph(
        'Unverified leads held for the hourly sales digest, and digests sent',
        perForm('SalesEmailHeld'),
        12,
        {
          right: [
            leadMetricTotal('SalesDigestSent', leadForms, {
              label: 'Digests sent',
              idPrefix: 'digests',
            }),
          ],
        },
      ),
    );
    this.dashboard.addWidgets(
      graph('E-mails failed per form (kept, re-sent later)', perForm('EmailFailed'), 8),
      graph('E-mails abandoned per form (need a person)', perForm('EmailAbandoned'), 8),
      graph(
        'Re-send backlog',
        [
          leadMetricTotal('ResendDue', leadForms, {
            label: 'Leads due for re-send (per run)',
            idPrefix: 'due',
          }),
          leadMetricTotal('EmailResent', leadForms, {
            label: 'E-mails re-sent',
            idPrefix: 'resent',
          }),
        ],
        8,
        {
          right: [
            props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
              label: 'Failed re-send runs (dead-letter queue)',
              statistic: 'Maximum',
              period: PERIOD,
            }),
          ],
        },
      ),
    );
    // One graph per stream: a sales bounce means a recipient misses leads; visitor bounces
    // are the risk the brake watches.
    this.dashboard.addWidgets(
      ...MAIL_STREAMS.map((stream) =>
        graph(
          `${stream === 'sales' ? 'Sales' : 'Visitor'} e-mails after SES accepted them`,
          OUTCOMES.map(([metricName, label]) =>
            streamMetric(metricName, stream, { label, period: PERIOD }),
          ),
          6,
        ),
      ),
      new GraphWidget({
        // SES's own rates of the set, for comparison: the brake reads the hour's shares of
        // our counts (decision 075), whose thresholds are the same lines.
        title: 'Visitor set reputation by SES (the brake’s shares are on its alarms)',
        left: [
          configurationSetReputation(
            'Reputation.BounceRate',
            props.visitorBrake.configurationSetName,
            { label: 'Bounce rate' },
          ),
        ],
        right: [
          configurationSetReputation(
            'Reputation.ComplaintRate',
            props.visitorBrake.configurationSetName,
            { label: 'Complaint rate' },
          ),
        ],
        leftAnnotations: [{ value: props.visitorBrake.bounceRate, label: 'Bounce brake' }],
        rightAnnotations: [{ value: props.visitorBrake.complaintRate, label: 'Complaint brake' }],
        width: 6,
        height: HEIGHT,
        period: Duration.hours(1),
      }),
      graph(
        'Delivery events: not ours, not known, not recorded; brake pulls',
        [
          ...MAIL_STREAMS.flatMap((stream) => [
            streamMetric('DeliveryEventUnmatched', stream, {
              label: `${stream}: no such lead`,
              period: PERIOD,
            }),
            streamMetric('DeliveryEventUnknown', stream, {
              label: `${stream}: unknown event`,
              period: PERIOD,
            }),
          ]),
          // An event that names neither stream (unreadable, or not our mail) is counted apart.
          streamMetric('DeliveryEventUnknown', 'unknown', {
            label: 'unreadable event',
            period: PERIOD,
          }),
          visitorStreamPausedMetric({ label: 'Visitor stream paused', period: PERIOD }),
        ],
        6,
        {
          right: [
            props.deliveryEventsDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
              label: 'Unrecorded events (dead-letter queue)',
              statistic: 'Maximum',
              period: PERIOD,
            }),
          ],
        },
      ),
    );
    // Why visitors' confirmations were not sent: a jump in one reason says what to look at
    // (a flood, a broken resolver, the brake, addresses that bounce).
    this.dashboard.addWidgets(
      graph(
        'Visitor confirmations withheld, by reason (all forms)',
        WITHHELD_REASONS.map(([metricName, label], i) =>
          leadMetricTotal(metricName, leadForms, { label, idPrefix: `withheld${i}_` }),
        ),
        24,
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Function errors',
        functions.map(([handler, fn]) =>
          fn.metricErrors({ label: handler, statistic: 'Sum', period: PERIOD }),
        ),
        8,
      ),
      graph(
        'Function throttles',
        functions.map(([handler, fn]) =>
          fn.metricThrottles({ label: handler, statistic: 'Sum', period: PERIOD }),
        ),
        8,
      ),
      // The stage throttle answers 429 (decision 072), so a flood shows as 4xx here.
      graph(
        'API answers 4xx / 5xx',
        [
          props.api.metricClientError({ label: '4xx', statistic: 'Sum', period: PERIOD }),
          props.api.metricServerError({ label: '5xx', statistic: 'Sum', period: PERIOD }),
        ],
        8,
      ),
    );
  }
}
