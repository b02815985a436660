import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_PATHS } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf } from '../../test/events.ts';
import { ORIGIN_VERIFY_HEADER } from '../http/site-origin.ts';

/*
 * A deployed function as the stack configures it: the secrets' ARNs in its environment, the
 * values only in Secrets Manager. Mid-rotation of the origin-verify secret, CloudFront sends
 * the previous value until `cdk deploy` updates the distribution, and the new one after.
 */
const ORIGIN_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginVerify-AbCdEf';
const SITE_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:IpHash-AbCdEf';
const OLD = 'o'.repeat(64);
const NEW = 'n'.repeat(64);

const secretsManager = mockClient(SecretsManagerClient);
secretsManager.on(GetSecretValueCommand).callsFake(({ SecretId, VersionStage }) => {
  if (SecretId === SITE_ARN) {
    if (VersionStage === 'AWSPREVIOUS') {
      throw Object.assign(new Error('no AWSPREVIOUS'), { name: 'ResourceNotFoundException' });
    }
    return { SecretString: 's'.repeat(64) };
  }
  return { SecretString: VersionStage === 'AWSPREVIOUS' ? OLD : NEW };
});

// The challenge's counters (its price, the per-client limit): an empty table.
mockClient(DynamoDBDocumentClient).on(GetCommand).resolves({}).on(UpdateCommand).resolves({});

Object.assign(process.env, {
  TABLE_NAME: 'leads-rotation',
  ORIGIN_VERIFY_SECRET_ARN: ORIGIN_ARN,
  IP_HASH_SECRET_ARN: SITE_ARN,
  AWS_REGION: 'eu-west-1',
});
delete process.env.IP_HASH_SECRET;
delete process.env.ORIGIN_VERIFY_SECRET;

let handler: typeof import('./challenge.ts')['handler'];
beforeAll(async () => {
  ({ handler } = await import('./challenge.ts'));
});

const challenge = (originVerify: string | undefined) =>
  handler({
    ...apiEvent({
      method: 'GET',
      path: API_PATHS.challenge,
      body: undefined,
      headers: originVerify === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: originVerify },
    }),
    queryStringParameters: { form: 'contact' },
  });

describe('a deployed function during a rotation of the origin-verify secret', () => {
  it('takes no secret value from its environment', () => {
    const values = Object.values(process.env);
    expect(values).not.toContain(OLD);
    expect(values).not.toContain(NEW);
  });

  it('accepts the previous value (CloudFront before the deploy) and the new one (after)', async () => {
    expect((await challenge(OLD)).statusCode).toBe(200);
    expect((await challenge(NEW)).statusCode).toBe(200);
  });

  it('refuses anything else, as JSON', async () => {
    for (const value of [undefined, '', 'x'.repeat(64), `${NEW}x`]) {
      const response = await challenge(value);
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.wrongOrigin });
    }
  });

  it('read each version of each secret once, however many requests came', () => {
    const reads = secretsManager
      .commandCalls(GetSecretValueCommand)
      .map(
        (call) =>
          `${call.args[0].input.SecretId}:${call.args[0].input.VersionStage ?? 'AWSCURRENT'}`,
      );
    expect(reads.sort()).toEqual(
      [
        `${ORIGIN_ARN}:AWSCURRENT`,
        `${ORIGIN_ARN}:AWSPREVIOUS`,
        `${SITE_ARN}:AWSCURRENT`,
        `${SITE_ARN}:AWSPREVIOUS`,
      ].sort(),
    );
  });
});
