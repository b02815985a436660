import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * A secret as a function must see it while it is being rotated: the value now current,
 * and the one it replaced, which CloudFront or an e-mailed link may still present until
 * they catch up.
 */
export interface SecretVersions {
  current: string;
  previous?: string;
}

/** Reads a secret's current and previous versions by ARN. */
export type SecretReader = (secretId: string) => Promise<SecretVersions>;

export interface SecretReaderOptions {
  /**
   * How long a read is reused. A rotation reaches a warm function within this time; until
   * then it still accepts what it read, and the previous version covers the other side.
   */
  maxAgeSeconds: number;
}

/**
 * Secrets Manager through Powertools Parameters, cached per container: a provider per version
 * stage, since Powertools caches by name alone; a missing AWSPREVIOUS is cached too (decision 035).
 */
export function createSecretsManagerReader(
  client: SecretsManagerClient,
  options: SecretReaderOptions,
): SecretReader {
  const current = new SecretsProvider({ awsSdkV3Client: client });
  const previous = new SecretsProvider({ awsSdkV3Client: client });
  const noPreviousUntil = new Map<string, number>();
  const maxAge = options.maxAgeSeconds;

  const text = (secretId: string, value: unknown): string => {
    const string = typeof value === 'string' ? value.trim() : '';
    if (!string) throw new Error(`Secret ${secretId} has no string value`);
    return string;
  };

  return async (secretId) => {
    const currentValue = text(secretId, await current.get(secretId, { maxAge }));
    if ((noPreviousUntil.get(secretId) ?? 0) > Date.now()) return { current: currentValue };
    try {
      const previousValue = await previous.get(secretId, {
        maxAge,
        sdkOptions: { VersionStage: 'AWSPREVIOUS' },
      });
      return { current: currentValue, previous: text(secretId, previousValue) };
    } catch (error) {
      if ((error as { cause?: { name?: string } }).cause?.name !== 'ResourceNotFoundException') {
        throw error;
      }
      noPreviousUntil.set(secretId, Date.now() + maxAge * 1000);
      return { current: currentValue };
    }
  };
}
