import type { Settings } from '@kryon/functions/settings';
import { LEADS_TABLE } from '@kryon/functions/table-schema';
import { LEAD_FORMS } from '@kryon/shared/api';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EmailSending } from './email-sending.ts';
import type { LogLevel, Recipients } from './environment.ts';
import {
  deadLetterQueue,
  functionLogsAndRole,
  leadFunction,
  recipientEnvironment,
} from './lead-function.ts';
import { giveSecrets } from './site-secrets.ts';

export interface LeadResendProps {
  /** functions/src/handlers/resend.ts */
  entry: string;
  repoRoot: string;
  table: ITableV2;
  email: EmailSending;
  mailFrom: string;
  /** The environment's settings, as the form functions have them: a re-sent e-mail reads like the first. */
  settings: Settings;
  /** Recipients per form, as the form functions have them; `default` for the rest. */
  recipients: Recipients;
  /** The site's origin, for links in e-mails (may be a token of the distribution). */
  siteOrigin: string;
  /** The site secret, from which the research download's personal links are signed. */
  siteSecret: ISecret;
  logRetention: RetentionDays;
  /** The function's Powertools log level. */
  logLevel: LogLevel;
  /** How often the re-send runs. */
  every: Duration;
}

/**
 * The re-send path: on a schedule, a function delivers every e-mail a stored lead still owes,
 * each lead claimed by its lease; a failed run is retried twice, then dead-lettered, its queue
 * alarmed (decision 022).
 */
export class LeadResend extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: LeadResendProps) {
    super(scope, id);

    this.deadLetterQueue = deadLetterQueue(this, 'the re-send function');
    const { logGroup, role } = functionLogsAndRole(this, {
      description: 'Kryon lead re-send function',
      logRetention: props.logRetention,
    });
    // The re-send list, and the outbox of lead events the run publishes (decision 090).
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [LEADS_TABLE.pendingSendsIndex, LEADS_TABLE.pendingEventsIndex].map(
          (index) => `${props.table.tableArn}/index/${index.name}`,
        ),
      }),
    );
    // An owed event is read from its lead before it is published.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#*'] } },
      }),
    );
    // Claiming a lead and recording its sends: updates of lead items, of any form; and the
    // hour's count of sales digests per recipient list (functions' SALES_DIGEST_KEY).
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#*', 'RATE#sales-digest#*'] },
        },
      }),
    );
    // A lead stored before leads were findable by their id gets its id item before its
    // visitor e-mail, whose report link names that id, is re-sent.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
      }),
    );
    role.addToPrincipalPolicy(props.email.sendStatement());
    // A refused send names no configuration set: whether the visitor set itself is paused
    // (the brake) is asked of SES, so a confirmation is withheld only when it says so.
    role.addToPrincipalPolicy(props.email.readVisitorSetStatement());

    this.fn = leadFunction(this, 'Function', {
      entry: props.entry,
      description: 'Kryon: re-send the e-mails stored leads still owe',
      memorySize: 256,
      timeout: Duration.minutes(2),
      role,
      logGroup,
      logLevel: props.logLevel,
      repoRoot: props.repoRoot,
      deadLetterQueue: this.deadLetterQueue,
      settings: { reader: 'resend', values: props.settings },
      environment: {
        TABLE_NAME: props.table.tableName,
        MAIL_FROM: props.mailFrom,
        ...props.email.sendingEnvironment(),
        ...recipientEnvironment(props.recipients, LEAD_FORMS),
        SITE_ORIGIN: props.siteOrigin,
      },
    });
    giveSecrets(this.fn, { site: props.siteSecret });

    new Rule(this, 'Schedule', {
      description: 'Runs the Kryon lead re-send',
      schedule: Schedule.rate(props.every),
      targets: [new LambdaFunction(this.fn, { retryAttempts: 2 })],
    });
  }
}
