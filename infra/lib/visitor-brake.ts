import { Duration } from 'aws-cdk-lib';
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
  logRetention: RetentionDays;
  /** The function's Powertools log level. */
  logLevel: LogLevel;
  appVersion: string;
}

/**
 * The brake on the visitor stream: a function that pauses sending with the visitor
 * configuration set, invoked by the alarms on that set's own bounce and complaint rates
 * (OperationsAlarms). Mail to visitors stops before its bounces or complaints can bring the
 * account to SES's review; the sales stream, on its own set, keeps flowing. Ops resume it by
 * hand (README runbook) once they know why it pulled.
 *
 * Its role may pause the visitor set and nothing else. An alarm invokes it asynchronously:
 * Lambda retries a failed run twice, and its Errors alarm tells ops, who then pause by hand.
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

    this.fn = leadFunction(this, 'Function', {
      entry: props.entry,
      description: 'Kryon: pause e-mail to visitors (the visitor configuration set)',
      memorySize: 256,
      timeout: Duration.seconds(10),
      role,
      logGroup,
      logLevel: props.logLevel,
      repoRoot: props.repoRoot,
      environment: {
        APP_VERSION: props.appVersion,
        // Both names: the function refuses to start if the visitor set's were the sales set's.
        ...props.email.sendingEnvironment(),
      },
    });
  }
}
