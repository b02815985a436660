import { SES_EVENT_TYPES } from '@kryon/functions/ses-event-types';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EmailSending } from './email-sending.ts';
import type { LogLevel } from './environment.ts';
import { deadLetterQueue, functionLogsAndRole, leadFunction } from './lead-function.ts';
import { giveSecrets } from './site-secrets.ts';

/** The EventBridge detail-types of the SES events the functions act on (one list for all). */
export const SES_DELIVERY_DETAIL_TYPES = Object.values(SES_EVENT_TYPES).map(
  (event) => event.detailType,
);

export interface DeliveryEventsProps {
  /** functions/src/handlers/delivery-events.ts */
  entry: string;
  repoRoot: string;
  table: ITableV2;
  email: EmailSending;
  /** The site secret: the function finds a lead by the keyed hash of its address. */
  siteSecret: ISecret;
  /** How long an address stays on our suppression list: as long as the leads are kept. */
  leadRetentionDays: number;
  logRetention: RetentionDays;
  /** The function's Powertools log level. */
  logLevel: LogLevel;
  appVersion: string;
}

/**
 * What became of each e-mail after SES accepted it, recorded on its lead: both configuration
 * sets publish to the default bus, a rule hands ours to a function, and an event that fails
 * every retry lands in one dead-letter queue (decision 060).
 */
export class DeliveryEvents extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetterQueue: Queue;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: DeliveryEventsProps) {
    super(scope, id);

    this.deadLetterQueue = deadLetterQueue(this, 'the delivery-events rule and function');
    const { logGroup, role } = functionLogsAndRole(this, {
      description: 'Kryon SES delivery-events function',
      logRetention: props.logRetention,
    });
    // Only the items the handler uses, each held to its key prefix (decision 060).
    const onKeys = (actions: string[], keys: string[]) =>
      new PolicyStatement({
        actions,
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keys } },
      });
    role.addToPrincipalPolicy(onKeys(['dynamodb:GetItem'], ['LEADID#*']));
    role.addToPrincipalPolicy(onKeys(['dynamodb:GetItem', 'dynamodb:UpdateItem'], ['LEAD#*']));
    role.addToPrincipalPolicy(onKeys(['dynamodb:UpdateItem'], ['SUPPRESSED#*']));

    this.fn = leadFunction(this, 'Function', {
      entry: props.entry,
      description: 'Kryon: record what became of each e-mail SES accepted',
      memorySize: 256,
      timeout: Duration.seconds(30),
      role,
      logGroup,
      logLevel: props.logLevel,
      repoRoot: props.repoRoot,
      deadLetterQueue: this.deadLetterQueue,
      environment: {
        APP_VERSION: props.appVersion,
        TABLE_NAME: props.table.tableName,
        RETENTION_DAYS: String(props.leadRetentionDays),
        ...props.email.sendingEnvironment(),
      },
    });
    // Lambda's own retries of an invocation that threw (a store failure), before the
    // dead-letter queue: the default, written out because the alarm and runbook rely on it.
    this.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    giveSecrets(this.fn, { site: props.siteSecret });

    const { salesConfigurationSet, visitorConfigurationSet } = props.email;
    this.rule = new Rule(this, 'Rule', {
      description: 'SES delivery events of the Kryon configuration sets, to the Kryon function',
      // No eventBus: the account's default bus, the only one SES publishes to.
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...SES_DELIVERY_DETAIL_TYPES],
        // Every event names the configuration set of its message in this tag (an array, which
        // matches when any element does): other SES traffic in the account is not ours.
        detail: {
          mail: {
            tags: {
              'ses:configuration-set': [
                salesConfigurationSet.configurationSetName,
                visitorConfigurationSet.configurationSetName,
              ],
            },
          },
        },
      },
      targets: [
        new LambdaFunction(this.fn, {
          // EventBridge's retries of handing an event to Lambda (throttled, Lambda
          // unavailable), then the same dead-letter queue.
          retryAttempts: 10,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: this.deadLetterQueue,
        }),
      ],
    });
  }
}
