import { SecretValue } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';

/**
 * The secrets a function reads at run time by the ARN in its environment, so no value sits in
 * its configuration or the template (decision 035).
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
 * CloudFront's origin-verify header value, a dynamic reference: CloudFormation re-reads it only
 * when it changes, so after a rotation it names the new version (originVerifySecretVersion in
 * the environment file) and one deploy updates the distribution (decision 035).
 */
export function originVerifyHeaderValue(secret: ISecret, versionId: string | undefined): string {
  return versionId
    ? SecretValue.secretsManager(secret.secretArn, { versionId }).unsafeUnwrap()
    : secret.secretValue.unsafeUnwrap();
}
