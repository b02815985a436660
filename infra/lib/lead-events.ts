import type { DestinationOutput as WrittenDestinationOutput } from '@kryon/functions/destination-outputs';
import {
  API_KEY_HEADER,
  DELIVERY_RETRY,
  destinationPattern,
  isQueued,
  LEAD_EVENT_SOURCE,
  type LeadEventDestination,
  redeliveryPattern,
} from '@kryon/functions/event-destinations';
import type { Settings } from '@kryon/functions/settings';
import { Duration, SecretValue, Stack } from 'aws-cdk-lib';
import { type Alarm, type IMetric, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  ApiDestination,
  type Archive,
  Authorization,
  Connection,
  EventBus,
  HttpMethod,
  Rule,
  RuleTargetInput,
} from 'aws-cdk-lib/aws-events';
import { ApiDestination as ApiDestinationTarget, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { LogLevel } from './environment.ts';
import {
  deadLetterQueue,
  functionLogsAndRole,
  LAMBDA_ENVIRONMENT_BYTES,
  leadFunction,
  METRIC_NAMESPACE,
  POWERTOOLS_SERVICE_NAME,
} from './lead-function.ts';
import { leadMetricTotal } from './lead-metrics.ts';
import type { OperationsAlarms } from './operations-alarms.ts';

/** The delivery function's handler: functions/src/handlers/lead-event-delivery.ts. */
export const LEAD_EVENT_DELIVERY_HANDLER = 'lead-event-delivery';
/** The variable a publishing function finds the bus by. */
export const LEAD_EVENT_BUS_VARIABLE = 'LEAD_EVENT_BUS_NAME';
/** The delivery function's variable: every destination, as `DeliveryTarget`s in JSON. */
export const LEAD_EVENT_DESTINATIONS_VARIABLE = 'LEAD_EVENT_DESTINATIONS';

/**
 * One destination as the delivery function reads it from LEAD_EVENT_DESTINATIONS (its schema:
 * functions/src/config.ts). The secret's value is never here, only its ARN.
 */
export interface DeliveryTarget {
  name: string;
  kind: LeadEventDestination['kind'];
  /**
   * A webhook's URL.
   * @default none, for a Slack destination: its URL is its credential, in its secret
   */
  url?: string;
  /**
   * The secret's ARN as its name gives it, without the hyphen and six characters Secrets
   * Manager appends: the name follows `:secret:`. Read by that name, not by this partial ARN,
   * which Secrets Manager takes for a complete one when the name itself ends in a hyphen and
   * six characters (`…-signing-secret`).
   */
  secretArn: string;
  /** The destination's queue: the ARN of the SQS records the function is handed. */
  queueArn: string;
  perSecond: number;
}

/**
 * How the bus, its queues and the delivery function are set (decision 090); the tests read them.
 */
export const LEAD_EVENT_DELIVERY = {
  /** The archive `npm run webhooks:replay` replays from. */
  archiveRetention: Duration.days(30),
  /**
   * The delivery function's timeout: a batch of `batchSize` POSTs of at most 10 s each
   * (functions/src/leads/deliver-event.ts), paced (Slack: 2 s apart), with the 12 s the function
   * keeps back and room for reading the secret and a cold start: 3 × (10 + 2) + 12 = 48 s.
   */
  functionTimeout: Duration.seconds(60),
  /**
   * At least six times the function's timeout, as Lambda asks of a queue it reads ("set the
   * source queue's visibility timeout to at least six times the configuration timeout on your
   * function"); a failed delivery sets its own wait (DELIVERY_RETRY) through
   * ChangeMessageVisibility.
   */
  visibilityTimeout: Duration.minutes(6),
  /**
   * How long a queue keeps an event: the most SQS allows, beyond the day of retries, so an event
   * the function does not take (stopped, throttled) reaches the dead-letter queue rather than
   * expiring. A standard queue's message keeps its first enqueue time in the dead-letter queue.
   */
  queueRetention: Duration.days(14),
  /** The dead-letter queue keeps what failed for as long as SQS allows. */
  deadLetterRetention: Duration.days(14),
  /**
   * EventBridge's retries of handing an event to the target (a queue, or an `api` destination's
   * receiver): its longest, written out.
   */
  busRetry: { attempts: 185, maxEventAge: Duration.hours(24) },
  /**
   * Up to three events per invocation, and at most two invocations at once per destination (the
   * least Lambda's maximum concurrency takes): each container paces its deliveries to a
   * destination at half its `perSecond`, across batches, so the two together keep to it (Slack:
   * one a second). Three slow receivers' answers still fit the timeout; what would not is put
   * back at once, uncounted as a failure.
   */
  batchSize: 3,
  maxConcurrency: 2,
} as const;

/** When the lead-event alarms fire (decision 087: only for what lasts or loses something). */
export const LEAD_EVENT_ALARMS = {
  /** An event in a dead-letter queue: it failed for a day, a person must act. */
  deadLetters: { period: Duration.minutes(5), threshold: 1 },
  /** An event not taken from its queue for an hour. */
  oldestEvent: { period: Duration.minutes(5), threshold: 3600 },
  /** EventBridge could not put an event in a queue, nor in the dead-letter queue. */
  failedInvocations: { period: Duration.minutes(5), threshold: 1 },
  /** A function could not put an event on the bus. */
  publishFailed: { period: Duration.minutes(5), threshold: 1 },
  /**
   * Deliveries to one destination failed five times in an hour: one event's first five
   * attempts (30 s, 2 min, 10 min, 30 min apart), or several events: a receiver that refuses,
   * told within the hour rather than by the dead-letter queue a day later. For an `api`
   * destination, EventBridge's own retries of its rule's target.
   */
  refusing: { period: Duration.hours(1), threshold: 5 },
} as const;

export interface LeadEventsProps {
  /** The environment file's destinations, their defaults filled in (`resolveDestination`). */
  destinations: readonly LeadEventDestination[];
  /** functions/src/handlers/lead-event-delivery.ts: one function for every destination. */
  deliveryEntry: string;
  repoRoot: string;
  logRetention: RetentionDays;
  /** The delivery function's Powertools log level. */
  logLevel: LogLevel;
  appVersion: string;
  /** The leads table: the delivery asks it whether a lead was erased (`ERASED#<id>` items). */
  table: ITableV2;
  /** The environment's settings: the delivery function gives Slack times in the sales zone. */
  settings: Settings;
}

/** One destination in the stack output LeadEventDestinations (a JSON array of these). */
export type DestinationOutput = WrittenDestinationOutput;

/** What the stack makes for one destination. */
export interface DestinationResources {
  destination: LeadEventDestination;
  /**
   * A Slack or webhook destination's events, as its rule sends them; the delivery function
   * reads it.
   * @default none, for an `api` destination: its rule sends to its API destination
   */
  queue?: Queue;
  /** What failed every attempt: the rule's undeliverable events and the queue's redrive. */
  deadLetterQueue: Queue;
  /** Exactly `destinationPattern(destination)`, on the lead-event bus. */
  rule: Rule;
  /** Found by its name, in the stack's account and region: never its value. */
  secret: ISecret;
  /**
   * An `api` destination's connection (the key), API destination and redelivery rule.
   * @default none, for a Slack or webhook destination
   */
  api?: { connection: Connection; apiDestination: ApiDestination; redelivery: Rule };
}

/**
 * Lead events and where they go (decisions 089, 090, 091): a bus of the stack's own, an archive
 * of every lead event for 30 days, and per destination a rule and a dead-letter queue; a Slack
 * or webhook destination's rule fills a queue, read by one delivery function; an `api`
 * destination's rule sends to EventBridge's own API destination, through a connection that
 * holds its key. The functions that publish are given the bus by
 * `grantPublish`; the alarms go to the operations topic by `alarmTo`.
 */
export class LeadEvents extends Construct {
  readonly bus: EventBus;
  readonly archive: Archive;
  readonly destinations: DestinationResources[] = [];
  /** Only when the environment names a destination: without one there is nothing to deliver. */
  readonly deliveryFunction?: NodejsFunction;

  constructor(scope: Construct, id: string, props: LeadEventsProps) {
    super(scope, id);

    // Named after the stack, which decision 084 keeps unique per account and region: two
    // environments never share a bus, and ops find it by the environment's name.
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: `${Stack.of(this).stackName}-lead-events`,
      description: 'Kryon lead events: to the destinations of the environment file',
    });
    this.archive = this.bus.archive('Archive', {
      description: 'Every Kryon lead event, for npm run webhooks:replay',
      eventPattern: { source: [LEAD_EVENT_SOURCE] },
      retention: LEAD_EVENT_DELIVERY.archiveRetention,
    });
    for (const destination of props.destinations) {
      this.destinations.push(this.destination(destination));
    }
    const queued = this.destinations.filter(
      (d): d is DestinationResources & { queue: Queue } => d.queue !== undefined,
    );
    // Only when a destination is sent by it: an `api` destination is EventBridge's to send.
    if (queued.length === 0) return;

    const { logGroup, role } = functionLogsAndRole(this, {
      description: 'Kryon lead-event delivery function',
      logRetention: props.logRetention,
    });
    // Each secret by the name the file gives, and nothing else: Secrets Manager appends a
    // hyphen and six characters to a secret's ARN, which the policy matches and no more.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: queued.map(({ secret }) => `${secret.secretArn}-??????`),
      }),
    );
    // Whether a lead was erased, before any of its events is sent again: its `ERASED#` item only.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERASED#*'] } },
      }),
    );
    // An event whose receiver answered 410 Gone, put by the function in its destination's
    // dead-letter queue at once (the one the queue's redrive names, which it reads with the
    // GetQueueAttributes the event source grants): send only, on those queues alone. SSE-SQS,
    // so no key to grant.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: queued.map(({ deadLetterQueue }) => deadLetterQueue.queueArn),
      }),
    );
    const targets = queued.map(({ destination, queue, secret }) =>
      deliveryTarget(destination, { secretArn: secret.secretArn, queueArn: queue.queueArn }),
    );
    // The ARNs are resolved at deploy, so leadFunction counts the variable as one reference:
    // measure it here with ARNs as long as any region's, so a long list fails synth, not deploy.
    const bytes = destinationsVariableBytes(queued.map(({ destination }) => destination));
    if (bytes > DESTINATIONS_VARIABLE_BYTES) {
      throw new Error(
        `${LEAD_EVENT_DESTINATIONS_VARIABLE} would take about ${bytes} bytes of the ${LAMBDA_ENVIRONMENT_BYTES} ` +
          `Lambda allows a function's variables (at most ${DESTINATIONS_VARIABLE_BYTES} here): fewer ` +
          'destinations, or shorter names and secret names.',
      );
    }
    const fn = leadFunction(this, 'Function', {
      entry: props.deliveryEntry,
      description: 'Kryon: deliver lead events to Slack and signed webhooks',
      memorySize: 256,
      timeout: LEAD_EVENT_DELIVERY.functionTimeout,
      role,
      logGroup,
      logLevel: props.logLevel,
      repoRoot: props.repoRoot,
      settings: { reader: 'lead-event-delivery', values: props.settings },
      environment: {
        APP_VERSION: props.appVersion,
        TABLE_NAME: props.table.tableName,
        [LEAD_EVENT_DESTINATIONS_VARIABLE]: Stack.of(this).toJsonString(targets),
      },
    });
    // Grants what reading the queue takes (receive, delete, ChangeMessageVisibility, which the
    // function sets a failed delivery's wait with), on that queue alone.
    for (const { queue } of queued) {
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: LEAD_EVENT_DELIVERY.batchSize,
          maxConcurrency: LEAD_EVENT_DELIVERY.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
    }
    this.deliveryFunction = fn;
  }

  /**
   * A function that publishes lead events: the bus's name in LEAD_EVENT_BUS_NAME, and
   * events:PutEvents on that bus alone, of the lead-event source alone.
   */
  grantPublish(fn: LambdaFunction): void {
    fn.addEnvironment(LEAD_EVENT_BUS_VARIABLE, this.bus.eventBusName);
    // Lead events only: the redelivery source reaches an `api` destination past its rule's
    // events, forms and archive, so only an operator's replay may put it
    // (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-use-conditions.html).
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['events:PutEvents'],
        resources: [this.bus.eventBusArn],
        conditions: { StringEquals: { 'events:source': [LEAD_EVENT_SOURCE] } },
      }),
    );
  }

  /**
   * Per destination what `npm run webhooks:replay` needs: its rule (the filter of a replay from
   * the archive), its queue and its dead-letter queue (a redrive from one to the other).
   */
  outputs(): DestinationOutput[] {
    return this.destinations.map(({ destination, queue, deadLetterQueue, rule, api }) => {
      const common = {
        name: destination.name,
        ruleArn: rule.ruleArn,
        deadLetterQueueUrl: deadLetterQueue.queueUrl,
        deadLetterQueueArn: deadLetterQueue.queueArn,
      };
      if (api) {
        return {
          ...common,
          kind: 'api',
          apiDestinationArn: api.apiDestination.apiDestinationArn,
          connectionArn: api.connection.connectionArn,
          redeliveryRuleArn: api.redelivery.ruleArn,
          // The key's version the connection was given, which verify compares with the file's
          // and the secret's current one.
          ...(destination.secretVersion === undefined
            ? {}
            : { secretVersion: destination.secretVersion }),
        };
      }
      if (!queue || destination.kind === 'api') {
        throw new Error(
          `The destination ${destination.name} has neither a queue nor an API destination`,
        );
      }
      return {
        ...common,
        kind: destination.kind,
        queueUrl: queue.queueUrl,
        queueArn: queue.queueArn,
      };
    });
  }

  /**
   * The alarms of lead events, on the operations topic: per destination its dead-letter queue,
   * its oldest event and its failed deliveries; the rules' failed invocations; the publishers'
   * failed publishes.
   */
  alarmTo(operations: OperationsAlarms, leadForms: readonly string[]): Alarm[] {
    const alarms: Alarm[] = [];
    // Each fires at its first window at or above its threshold (decision 087: what loses an
    // event, or lasts an hour, is for a person now).
    const add = (
      scope: Construct,
      id: string,
      metric: IMetric,
      window: { threshold: number },
      description: string,
    ) => {
      alarms.push(
        operations.alarm(
          scope,
          id,
          metric,
          { ...window, evaluationPeriods: 1, datapointsToAlarm: 1 },
          description,
        ),
      );
    };
    const env = Stack.of(this).stackName;

    const publish = LEAD_EVENT_ALARMS.publishFailed;
    add(
      this,
      'PublishFailed',
      leadMetricTotal('LeadEventPublishFailed', leadForms, {
        label: 'Lead events the bus did not take',
        period: publish.period,
      }),
      publish,
      'Lead events could not be put on the lead-event bus: no destination has them yet. They ' +
        'stay owed on their leads and a later run publishes them. Look: the publishing ' +
        'function’s log ("lead event"), its role’s events:PutEvents on the bus, EventBridge’s ' +
        'PutEvents quota. Fix the cause; nothing is to be replayed.',
    );

    for (const { destination, queue, deadLetterQueue, rule, api } of this.destinations) {
      const { name } = destination;
      const scope = rule.node.scope as Construct;
      const failed = LEAD_EVENT_ALARMS.failedInvocations;
      // A metric of the destination's rules: its own, and an `api` destination's redelivery
      // rule, which sends a replay's dead letters through the same target.
      const rules = api ? { rule, redelivery: api.redelivery } : { rule };
      // Metric ids are unique across nested expressions: each sum names its own.
      const rulesMetric = (metricName: string, period: Duration, label: string, prefix: string) =>
        new MathExpression({
          expression: Object.keys(rules)
            .map((id) => `FILL(${prefix}${id}, 0)`)
            .join(' + '),
          usingMetrics: Object.fromEntries(
            Object.entries(rules).map(([id, r]) => [
              `${prefix}${id}`,
              new Metric({
                namespace: 'AWS/Events',
                metricName,
                dimensionsMap: { EventBusName: this.bus.eventBusName, RuleName: r.ruleName },
                statistic: 'Sum',
                period,
              }),
            ]),
          ),
          label,
          period,
        });
      // Where a failure is told: the delivery function's log, or, for EventBridge's own API
      // destination, each dead letter's ERROR_CODE and ERROR_MESSAGE attributes.
      const look = api
        ? `the dead letters’ ERROR_CODE and ERROR_MESSAGE attributes (aws sqs receive-message --message-attribute-names All --visibility-timeout 0, which leaves them for the replay), the receiver, its key (npm run verify -- ${env})`
        : `the lead-event delivery function’s log (destination "${name}": the status or error; a dead letter whose ERROR_CODE is RECEIVER_GONE was answered 410 Gone at an attempt), the receiver`;
      const dead = LEAD_EVENT_ALARMS.deadLetters;
      add(
        scope,
        'DeadLetters',
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: dead.period,
          statistic: 'Maximum',
        }),
        dead,
        `Events for ${name} failed (every retry, over a day or more, or a refusal not worth retrying) and ` +
          `wait in its dead-letter queue, kept 14 days. Look: ${look}. Fix the receiver or its ` +
          `secret, then: npm run webhooks:replay -- ${env} --dead-letters --destination ${name}`,
      );
      const refusing = LEAD_EVENT_ALARMS.refusing;
      if (queue) {
        const oldest = LEAD_EVENT_ALARMS.oldestEvent;
        add(
          scope,
          'OldestEvent',
          queue.metricApproximateAgeOfOldestMessage({
            period: oldest.period,
            statistic: 'Maximum',
          }),
          oldest,
          `An event for ${name} has waited an hour in its queue without being taken: the ` +
            'delivery function is not reading it (its event source disabled, the function ' +
            'throttled or failing before it answers), or more events came than its rate sends. ' +
            '(SQS leaves out of this age an event received three times, so a receiver that keeps ' +
            'refusing shows in the dead-letter queue a day later.) Look: the function’s errors ' +
            'and throttles, its SQS trigger. Events are kept 14 days; they go out once it reads.',
        );
        add(
          scope,
          'Refusing',
          new Metric({
            namespace: METRIC_NAMESPACE,
            metricName: 'LeadEventDeliveryFailed',
            // As the delivery function's Powertools writes it: `service` beside `Destination`.
            dimensionsMap: { service: POWERTOOLS_SERVICE_NAME, Destination: name },
            statistic: 'Sum',
            period: refusing.period,
          }),
          refusing,
          `Deliveries to ${name} failed ${refusing.threshold} times or more in an hour: the ` +
            'receiver refuses (a status, a wrong secret) or does not answer. Events are tried ' +
            `again for a day, then wait in the dead-letter queue. Look: ${look}, its secret ` +
            `(npm run verify -- ${env}). Nothing to replay while the retries run.`,
        );
      } else {
        add(
          scope,
          'Refusing',
          // EventBridge's retries of the rule's target, the API destination: each one follows a
          // 429, a 5xx, a timeout or a 401/407/409 (a refusal of another kind is not retried
          // and goes straight to the dead-letter queue).
          rulesMetric(
            'RetryInvocationAttempts',
            refusing.period,
            `Deliveries to ${name} EventBridge tried again`,
            'retried',
          ),
          refusing,
          `EventBridge retried deliveries to ${name} ${refusing.threshold} times or more in an ` +
            'hour: the receiver is down, slow (over 5 s), limiting, or refuses the key, or more ' +
            'events came than its rate sends. Events are tried again for a day, then wait in ' +
            `the dead-letter queue. Look: ${look}. Nothing to replay while the retries run.`,
        );
      }
      add(
        scope,
        'FailedInvocations',
        new MathExpression({
          expression: 'failed + notDeadLettered',
          usingMetrics: {
            failed: rulesMetric('FailedInvocations', failed.period, 'Failed invocations', 'failed'),
            notDeadLettered: rulesMetric(
              'InvocationsFailedToBeSentToDlq',
              failed.period,
              'Invocations not put in the dead-letter queue',
              'notDeadLettered',
            ),
          },
          label: `Events the ${name} rule${api ? 's' : ''} could not deliver, nor put in the dead-letter queue`,
          period: failed.period,
        }),
        failed,
        `EventBridge could not hand events for ${name} to its ${api ? 'API destination' : 'queue'}, ` +
          'nor put them in its dead-letter queue: they are lost for it. Look: the dead-letter ' +
          `queue’s policy (events.amazonaws.com from this rule), ${
            api
              ? 'the rule’s role (events:InvokeApiDestination), the connection’s state'
              : 'the queues’ policies, their existence'
          }. Fix them, then replay the time since from the archive: ` +
          `npm run webhooks:replay -- ${env} --since <when it began, 2026-11-28T09:00:00Z> --destination ${name}`,
      );
    }
    return alarms;
  }

  /** One destination's secret, dead-letter queue and rule, and its queue or API destination. */
  private destination(destination: LeadEventDestination): DestinationResources {
    // The name as the construct's id: names are unique in the file, and a name is kept whole.
    const scope = new Construct(this, `Destination-${destination.name}`);
    const dead = deadLetterQueue(scope, `the lead-event destination ${destination.name}`);
    const secret = Secret.fromSecretNameV2(scope, 'Secret', destination.secret);
    const description = `Kryon lead events for the destination ${destination.name}`;
    // EventBridge's retries of handing an event to the target, then the dead-letter queue.
    const retry = {
      retryAttempts: LEAD_EVENT_DELIVERY.busRetry.attempts,
      maxEventAge: LEAD_EVENT_DELIVERY.busRetry.maxEventAge,
      deadLetterQueue: dead,
    };
    if (!isQueued(destination)) {
      const api = this.apiDestination(scope, destination, description);
      const target = new ApiDestinationTarget(api.apiDestination, {
        // The event's detail, the signed webhooks' body: the versioned lead event, unsigned.
        event: RuleTargetInput.fromEventPath('$.detail'),
        ...retry,
      });
      const rule = new Rule(scope, 'Rule', {
        description,
        eventBus: this.bus,
        eventPattern: eventPatternOf(destination),
        targets: [target],
      });
      // A dead letter sent again by `webhooks:replay` reaches this destination alone: an
      // event of the redelivery source naming its API destination, which no archive keeps.
      const redelivery = new Rule(scope, 'Redelivery', {
        description: `Kryon lead events sent again to the destination ${destination.name}`,
        eventBus: this.bus,
        eventPattern: redeliveryPattern(api.apiDestination.apiDestinationArn),
        targets: [target],
      });
      return {
        destination,
        deadLetterQueue: dead,
        rule,
        secret,
        api: { ...api, redelivery },
      };
    }
    const queue = new Queue(scope, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: LEAD_EVENT_DELIVERY.visibilityTimeout,
      retentionPeriod: LEAD_EVENT_DELIVERY.queueRetention,
      // A receive is an attempt: after the last one the event goes to the dead-letter queue.
      deadLetterQueue: { queue: dead, maxReceiveCount: DELIVERY_RETRY.maxAttempts },
    });
    const rule = new Rule(scope, 'Rule', {
      description,
      eventBus: this.bus,
      eventPattern: eventPatternOf(destination),
      // The dead-letter queue is the one the queue's redrive fills: a person looks in one place.
      targets: [new SqsQueue(queue, retry)],
    });
    return { destination, queue, deadLetterQueue: dead, rule, secret };
  }

  /**
   * An `api` destination's connection and API destination. The connection holds the key, which
   * CloudFormation reads from the secret (a dynamic reference: never in the template) at the
   * version the file pins, since it reads a secret again only when that reference changes
   * (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/dynamic-references-secretsmanager.html).
   * The API destination keeps to the destination's rate
   * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-api-destinations.html).
   */
  private apiDestination(
    scope: Construct,
    destination: LeadEventDestination,
    description: string,
  ): { connection: Connection; apiDestination: ApiDestination } {
    if (destination.url === undefined) {
      throw new Error(`The api destination ${destination.name} names no url`);
    }
    const key = SecretValue.secretsManager(
      destination.secret,
      destination.secretVersion === undefined ? {} : { versionId: destination.secretVersion },
    );
    const connection = new Connection(scope, 'Connection', {
      description: `Kryon lead events: the key of the destination ${destination.name}`,
      authorization: Authorization.apiKey(destination.header ?? API_KEY_HEADER, key),
    });
    const apiDestination = new ApiDestination(scope, 'ApiDestination', {
      description,
      connection,
      endpoint: destination.url,
      httpMethod: HttpMethod.POST,
      rateLimitPerSecond: destination.perSecond,
    });
    return { connection, apiDestination };
  }
}

/**
 * One destination's entry of LEAD_EVENT_DESTINATIONS: the file's destination with its
 * secret's and queue's ARNs (the stack's, or the longest any region's for a measure).
 */
export function deliveryTarget(
  destination: LeadEventDestination,
  arns: Pick<DeliveryTarget, 'secretArn' | 'queueArn'>,
): DeliveryTarget {
  return {
    name: destination.name,
    kind: destination.kind,
    ...(destination.url === undefined ? {} : { url: destination.url }),
    secretArn: arns.secretArn,
    queueArn: arns.queueArn,
    perSecond: destination.perSecond,
  };
}

/** What LEAD_EVENT_DESTINATIONS may take of Lambda's 4 KB, leaving the other variables theirs. */
export const DESTINATIONS_VARIABLE_BYTES = LAMBDA_ENVIRONMENT_BYTES - 1024;

/**
 * LEAD_EVENT_DESTINATIONS's size once deployed, at most: each ARN as long as it can be (the
 * longest partition and region, a queue name of CloudFormation's 80 characters).
 */
export function destinationsVariableBytes(destinations: readonly LeadEventDestination[]): number {
  const prefix = (service: string) => `arn:aws-iso-b:${service}:ap-southeast-7:123456789012:`;
  const targets = destinations.map((destination) =>
    deliveryTarget(destination, {
      secretArn: `${prefix('secretsmanager')}secret:${destination.secret}`,
      queueArn: `${prefix('sqs')}${'q'.repeat(80)}`,
    }),
  );
  return LEAD_EVENT_DESTINATIONS_VARIABLE.length + Buffer.byteLength(JSON.stringify(targets));
}

/**
 * The rule's pattern: `destinationPattern`, the local bus's too, in CDK's spelling (detailType
 * for `detail-type`), which renders back to exactly that pattern.
 */
function eventPatternOf(destination: LeadEventDestination) {
  const pattern = destinationPattern(destination);
  return {
    source: [...pattern.source],
    detailType: [...pattern['detail-type']],
    detail: { form: [...pattern.detail.form] },
  };
}
