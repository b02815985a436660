import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSecretsManagerReader } from './secrets.ts';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:KryonOriginVerify-AbCdEf';
const secretsManager = mockClient(SecretsManagerClient);

function notFound() {
  return new ResourceNotFoundException({
    $metadata: {},
    message: "Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS",
  });
}

/** A secret whose versions a test rotates, answered the way Secrets Manager answers. */
function storedSecret(initial: string) {
  const versions: { current: string; previous?: string } = { current: initial };
  secretsManager.on(GetSecretValueCommand).callsFake((input) => {
    const value = input.VersionStage === 'AWSPREVIOUS' ? versions.previous : versions.current;
    if (value === undefined) throw notFound();
    return { ARN, SecretString: value };
  });
  return {
    rotate(next: string) {
      versions.previous = versions.current;
      versions.current = next;
    },
  };
}

describe('createSecretsManagerReader', () => {
  const reader = () =>
    createSecretsManagerReader(new SecretsManagerClient({ region: 'eu-west-1' }), {
      maxAgeSeconds: 300,
    });

  beforeEach(() => secretsManager.reset());

  it('reads the current version and, once a secret was rotated, the previous one', async () => {
    const secret = storedSecret('old-value');
    secret.rotate('new-value');
    await expect(reader()(ARN)).resolves.toEqual({ current: 'new-value', previous: 'old-value' });
    expect(secretsManager).toHaveReceivedCommandWith(GetSecretValueCommand, {
      SecretId: ARN,
      VersionStage: 'AWSPREVIOUS',
    });
  });

  it('has no previous value for a secret never rotated, and does not ask again each time', async () => {
    storedSecret('only-value');
    const read = reader();
    await expect(read(ARN)).resolves.toEqual({ current: 'only-value' });
    await expect(read(ARN)).resolves.toEqual({ current: 'only-value' });
    expect(secretsManager).toHaveReceivedCommandTimes(GetSecretValueCommand, 2);
  });

  it('keeps what it read for the cache time, then sees the rotation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const secret = storedSecret('old-value');
      const read = createSecretsManagerReader(new SecretsManagerClient({ region: 'eu-west-1' }), {
        maxAgeSeconds: 300,
      });
      await expect(read(ARN)).resolves.toEqual({ current: 'old-value' });
      secret.rotate('new-value');
      vi.advanceTimersByTime(299_000);
      await expect(read(ARN)).resolves.toEqual({ current: 'old-value' });
      // Past the cache time the value and the "no previous version" answer are both read anew.
      vi.advanceTimersByTime(2_000);
      await expect(read(ARN)).resolves.toEqual({ current: 'new-value', previous: 'old-value' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails loudly when Secrets Manager cannot be read', async () => {
    secretsManager.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));
    await expect(reader()(ARN)).rejects.toThrow(/AccessDenied/);
  });

  it('refuses an empty secret rather than accepting an empty header', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ ARN, SecretString: '  ' });
    await expect(reader()(ARN)).rejects.toThrow(/no string value/);
  });
});
