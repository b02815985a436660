import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from './env-credentials.ts';

describe('the bundled credentials provider', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reads the function role's credentials from the environment, as Lambda sets them", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');

    await expect(defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('fails clearly when the environment has none, rather than trying other sources', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toThrow(/environment/i);
  });
});
