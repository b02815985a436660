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
 * The brake on the visitor stream: a function that pauses the visitor set for a cool-down,
 * invoked by its alarms' state changes (OperationsAlarms) and by a five-minute schedule that
 * resumes it (decisions 058, 075). Its role may switch the visitor set and its own table item,
 * nothing else; a failed run is retried, and its Errors alarm tells ops.
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
