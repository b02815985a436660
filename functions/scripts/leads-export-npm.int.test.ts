import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoLeadStore } from '../src/adapters/dynamodb.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import { type IntegrationEnv, useEmulators } from '../test/integration.ts';
import { readCsv } from './lib/read-csv.ts';

/*
 * `npm run leads:export` as a person runs it, from the repository root, against the local
 * stack's DynamoDB (here the run's emulator, as a running `npm start` would serve it).
 */
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let env: IntegrationEnv;
let scratch: string;

beforeAll(async () => {
  env = await useEmulators('export-npm');
  scratch = mkdtempSync(join(tmpdir(), 'kryon-export-npm-'));
  const lead: StoredLead = {
    form: 'contact',
    submissionId: 'sub-npm-1',
    idempotencyKey: 'key-npm-1',
    payloadHash: 'hash',
    createdAt: '2026-11-10T08:00:00.000Z',
    fields: { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'demo', message: 'Hi' },
    emailHash: 'email-hash',
    userAgent: 'vitest',
    ipHash: undefined,
    spam: false,
    emailStatus: 'sent',
    emails: {},
    expiresAt: 2_000_000_000,
  };
  await createDynamoLeadStore(env.dynamo, env.tableName).createLead(lead);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The root script, its stdout piped as `| tee` or `> file` would take it. */
function npm(args: string[]) {
  // A shell of its own: none of the npm variables of the `npm test` that may run this test.
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  return spawnSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...shell,
      DYNAMODB_PORT: new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '').port,
      TABLE_NAME: env.tableName,
      DATA_DIR: scratch,
    },
  });
}

const query = ['--form', 'contact', '--since', '2026-11-01'];

// Each test starts npm, npm again for the workspace, then tsx: seconds on a quiet machine,
// several times that on a loaded one.
describe('npm run leads:export from the repository root', { timeout: 60_000 }, () => {
  it('writes the CSV alone to stdout when npm runs silent, its messages to stderr', () => {
    const run = npm(['run', '-s', 'leads:export', '--', ...query]);

    expect(run.stderr).toContain('Exported 1 contact lead');
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith('\uFEFF"submissionId","form","createdAt",')).toBe(true);
    const [header = [], ...rows] = readCsv(run.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[header.indexOf('submissionId')]).toBe('sub-npm-1');
  });

  it('refuses to put the CSV behind the banner npm printed, and says how to run it', () => {
    const run = npm(['run', 'leads:export', '--', ...query]);

    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('> ');
    expect(run.stdout).not.toContain('submissionId');
    expect(run.stderr).toContain('npm run -s leads:export');
  });

  it('writes only the CSV to --out, whatever npm prints', () => {
    const run = npm(['run', 'leads:export', '--', ...query, '--out', join(scratch, 'out.csv')]);

    expect(run.status).toBe(0);
    const text = readFileSync(join(scratch, 'out.csv'), 'utf8');
    expect(text.startsWith('\uFEFF"submissionId","form","createdAt",')).toBe(true);
    expect(readCsv(text)).toHaveLength(2);
  });
});
