import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoLeadStore } from '@kryon/functions/lead-store';
import { localSettings } from '@kryon/functions/local-settings';
import { type RunningStack, startLocalStack } from '@kryon/functions/local-stack';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from './check.ts';
import { mailLoopChecks } from './mail-loop.ts';

/*
 * The mail loop's checks fail where the loop is broken, on the very local stack `npm start`
 * runs (fresh emulators in a temp DATA_DIR), naming the broken part: with SES's event feed
 * off (SES_EVENTS=off) the e-mails go out and no outcome comes back; with the SES emulator
 * stopped nothing goes out. That every check passes on a whole stack, `npm test` shows by
 * running `npm run verify -- local` against the stack of the browser tests (web/e2e).
 */
const saved = { ...process.env };
const dataDir = mkdtempSync(join(tmpdir(), 'kryon-verify-'));
let stack: RunningStack;
let dynamo: DynamoDBClient;

beforeAll(async () => {
  // The report link needs a report: any PDF by the first item's name.
  const reportsDir = join(dataDir, 'reports');
  mkdirSync(reportsDir);
  writeFileSync(join(reportsDir, `${RESEARCH_DOWNLOAD_IDS[0]}.pdf`), '%PDF-1.7\n%%EOF\n');
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    TABLE_NAME: 'kryon-leads',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  // The personal link is made on the site's origin, so the server's port is known ahead.
  const port = await freePort();
  const settings = localSettings({
    ...process.env,
    PORT: String(port),
    SES_EVENTS: 'off',
    REPORTS_DIR: reportsDir,
  });
  stack = await startLocalStack(
    { ...settings, dynamoPort: 0, sesPort: 0 },
    { serveSite: false, sesEventDelayMs: 50 },
  );
  dynamo = new DynamoDBClient({
    endpoint: stack.dynamoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}, 30_000);

afterAll(async () => {
  dynamo?.destroy();
  await stack?.close();
  process.env = { ...saved };
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(runId: string): Promise<CheckResult[]> {
  const store = createDynamoLeadStore(dynamo, 'kryon-leads');
  return mailLoopChecks({
    siteUrl: stack.url,
    findLead: (form, key) => store.findLead(form, key),
    outcomeWithinMs: 1_500,
    pollMs: 100,
    runId,
  });
}

const failed = (results: CheckResult[]) =>
  results.filter((result) => result.status === 'fail').map((result) => result.name);

describe('verify: the mail loop', () => {
  it('with the event feed off, the e-mails go out and each delivery outcome fails', async () => {
    const results = await run('feed-off');

    expect(failed(results)).toEqual([
      'delivery outcome: delivered',
      'delivery outcome: bounced',
      'delivery outcome: complained',
    ]);
    expect(results.filter((result) => result.status === 'ok').map((result) => result.name)).toEqual(
      [
        'mail loop: success e-mail sent',
        'mail loop: report link serves the PDF',
        'mail loop: bounce e-mail sent',
        'mail loop: complaint e-mail sent',
      ],
    );
    const delivered = results.find((result) => result.name === 'delivery outcome: delivered');
    expect(delivered?.detail).toContain('no delivered recorded on the lead within 1.5 s');
    expect(delivered?.fix).toContain('SES_EVENTS');
  });

  it('with the SES emulator stopped, the mail check fails: stored, the e-mail not sent', async () => {
    await stack.stopSes();

    const results = await run('ses-down');

    expect(failed(results)).toEqual([
      'mail loop: success e-mail sent',
      'mail loop: bounce e-mail sent',
      'mail loop: complaint e-mail sent',
    ]);
    const success = results.find((result) => result.name === 'mail loop: success e-mail sent');
    expect(success?.detail).toMatch(/stored \(.+\), e-mail pending/);
    expect(success?.fix).toContain('SES did not take the e-mail');
  }, 60_000);
});
