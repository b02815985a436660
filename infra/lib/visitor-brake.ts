import { BRAKE_KEY } from '@kryon/functions/brake-state';
import type { Settings } from '@kryon/functions/settings';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { EmailSending } from './email-sending.ts';
import type { LogLevel } from './environment.ts';
import { functionLogsAndRole, leadFunction } from './lead-function.ts';

export interface VisitorBrakeProps {
  /** functions/src/handlers/visitor-brake.ts */
  entry: string;
  repoRoot: string;
  email: EmailSending;
  /** The table that keeps the brake's one item (its trips and until when it pauses). */
  table: ITableV2;
  /** The environment's settings: the brake's cool-downs are among them. */
  settings: Settings;
  logRetention: RetentionDays;
  /** The function's Powertools log level. */
  logLevel: LogLevel;
  appVersion: string;
}

/**
 * The brake on the visitor stream (decisions 058, 075): a function that pauses sending with
 * the visitor configuration set for a cool-down, invoked by the alarms on that stream's own
 * share of bounces and complaints (OperationsAlarms) on each of their state changes, and by
 * its own schedule every five minutes, which resumes the stream once the cool-down is over and
 * no brake alarm is in ALARM. Mail to visitors stops before its bounces or complaints can bring
 * the account to SES's review; the sales stream, on its own set, keeps flowing. Ops lift or
 * hold it with `npm run brake` (README runbook).
 *
 * Its role may switch the visitor set and its own item in the table, nothing else. A failed
 * run is retried (Lambda for the alarms' asynchronous invocations, twice; the next schedule
 * for the resume), and its Errors alarm tells ops.
 */
export class VisitorBrake extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: VisitorBrakeProps) {
    super(scope, id);

    const { logGroup, role } = functionLogsAndRole(this, {
      description: 'Kryon visitor-stream brake function',
      logRetention: props.logRetention,
    });
    role.addToPrincipalPolicy(props.email.pauseVisitorSetStatement());
    // Its one item, read and written with a version check: no other key of the table.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [BRAKE_KEY.pk] },
        },
      }),
    );

    this.fn = leadFunction(this, 'Function', {
      entry: props.entry,
      description: 'Kryon: pause e-mail to visitors (the visitor configuration set)',
      memorySize: 256,
      timeout: Duration.seconds(10),
      role,
      logGroup,
      logLevel: props.logLevel,
      repoRoot: props.repoRoot,
      settings: { reader: 'visitor-brake', values: props.settings },
      environment: {
        APP_VERSION: props.appVersion,
        TABLE_NAME: props.table.tableName,
        // Both names: the function refuses to start if the visitor set's were the sales set's.
        ...props.email.sendingEnvironment(),
      },
    });

    // The pause ends at most this long after its cool-down: short beside the first hour.
    new Rule(this, 'Schedule', {
      description: 'Ends the Kryon visitor brake’s pause once its cool-down is over',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.fn, { retryAttempts: 2 })],
    });
  }
}
