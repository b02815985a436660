import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayArgs } from './webhooks-replay.ts';

const dir = mkdtempSync(join(tmpdir(), 'kryon-webhooks-replay-'));
writeFileSync(
  join(dir, 'staging.ts'),
  `export default ${JSON.stringify({ kind: 'preview', region: 'eu-west-1', stackName: 'KryonWebStaging' })};\n`,
);
writeFileSync(join(dir, 'nowhere.ts'), `export default ${JSON.stringify({ kind: 'preview' })};\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('webhooks:replay on an environment', () => {
  it('runs on the local bus for local, as given', async () => {
    expect(await replayArgs(['local', '--since', '2026-11-28'], { dir })).toEqual({
      args: ['--since', '2026-11-28'],
    });
  });

  it("names a deployed environment's stack and region, as the leads commands do", async () => {
    expect(
      await replayArgs(['staging', '--since', '2026-11-28', '--destination', 'crm-webhook'], {
        dir,
      }),
    ).toEqual({
      args: [
        '--stack',
        'KryonWebStaging',
        '--region',
        'eu-west-1',
        '--since',
        '2026-11-28',
        '--destination',
        'crm-webhook',
      ],
    });
  });

  it("takes a stack's name, as the alarms give it, for its environment", async () => {
    expect(
      await replayArgs(['KryonWebStaging', '--dead-letters', '--destination', 'crm-webhook'], {
        dir,
      }),
    ).toEqual({
      args: [
        '--stack',
        'KryonWebStaging',
        '--region',
        'eu-west-1',
        '--dead-letters',
        '--destination',
        'crm-webhook',
      ],
    });
  });

  it('says which environments there are when none or an unknown one is named', async () => {
    expect(await replayArgs(['--since', '2026-11-28'], { dir })).toEqual({
      error: expect.stringContaining('Name the environment first: one of local, nowhere, staging.'),
    });
    expect(await replayArgs(['prod'], { dir })).toEqual({
      error:
        'No environment "prod": one of local, nowhere, staging (infra/environments/), or the stack of one.',
    });
    expect(await replayArgs(['nowhere', '--since', '2026-11-28'], { dir })).toEqual({
      error: 'infra/environments/nowhere.ts names no region, and AWS_REGION is not set.',
    });
  });
});
