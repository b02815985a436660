import { SecretValue } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';

/**
 * The secrets a function reads at run time. Only their ARNs go into its environment (the
 * functions read the values through Secrets Manager, functions/src/wiring.ts), so no value
 * sits in a function's configuration or in the template.
 */
export interface FunctionSecrets {
  /**
   * Keys visitor IP and e-mail hashes, signs challenges and report links.
   * @default none: the function is given no site secret
   */
  site?: ISecret;
  /**
   * The value that proves an API request came through CloudFront.
   * @default none: the function checks no origin header (it is not behind the API)
   */
  originVerify?: ISecret;
}

/**
 * Lets the function read each secret it is given, and tells it the ARN. GetSecretValue is
 * the one call the functions make (the current and the previous version), so it is the
 * only action granted; the secrets use the AWS managed key, so no KMS grant is needed.
 */
export function giveSecrets(fn: LambdaFunction, secrets: FunctionSecrets): void {
  const entries = [
    ['IP_HASH_SECRET_ARN', secrets.site],
    ['ORIGIN_VERIFY_SECRET_ARN', secrets.originVerify],
  ] as const;
  for (const [variable, secret] of entries) {
    if (!secret) continue;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secret.secretArn],
      }),
    );
    fn.addEnvironment(variable, secret.secretArn);
  }
}

/**
 * CloudFront's origin-verify header value: a dynamic reference. CloudFormation re-reads a
 * dynamic reference only when the reference itself changes, so after a rotation the
 * reference names the new version (originVerifySecretVersion in the environment file) and one deploy
 * updates the distribution. Without a version it resolves to the value current when the
 * distribution was last updated.
 */
export function originVerifyHeaderValue(secret: ISecret, versionId: string | undefined): string {
  return versionId
    ? SecretValue.secretsManager(secret.secretArn, { versionId }).unsafeUnwrap()
    : secret.secretValue.unsafeUnwrap();
}
