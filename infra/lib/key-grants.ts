import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';

/**
 * AWS Control Tower CT.KMS.PR.3: a customer-managed key takes grants only from AWS services
 * acting for a resource (AWS Backup, SNS...), never from a principal creating one for itself.
 * The one statement every key of the stack carries.
 */
export function denyGrantsButForAwsServices(key: Key): void {
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'GrantsOnlyForAwsServices',
      effect: Effect.DENY,
      principals: [new AnyPrincipal()],
      actions: ['kms:CreateGrant'],
      resources: ['*'],
      conditions: {
        BoolIfExists: {
          'kms:GrantIsForAWSResource': 'false',
          'aws:PrincipalIsAWSService': 'false',
        },
      },
    }),
  );
}
