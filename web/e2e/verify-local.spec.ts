import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { emailsMentioning } from './inbox.ts';
import { runOnStack } from './stack-cli.ts';

/*
 * `npm run verify -- local`, as ops run it after a deploy, against the stack this run started:
 * every check it can make without an account is ok. Its leads, to SES's mailbox simulator,
 * are synthetic: no e-mail about them reaches sales, and the export leaves them out unless
 * asked (--with-synthetic).
 */
test('verify -- local proves the running stack, and its leads reach neither sales nor the export', async () => {
  test.setTimeout(120_000);
  let output: string;
  try {
    output = await runOnStack('verify', ['local']);
  } catch (error) {
    // A failed check exits 1: show its lines, which say what failed and what to do.
    throw new Error(`verify -- local failed:\n${(error as { stdout?: string }).stdout ?? error}`);
  }
  expect(output).toContain('local: every check ok.');
  expect(output).not.toContain('FAIL');
  for (const check of [
    'page and its headers',
    'missing page is the 404',
    'health',
    'mail loop: success e-mail sent',
    'mail loop: report link serves the PDF',
    'delivery outcome: delivered',
    'delivery outcome: bounced',
    'delivery outcome: complained',
    'mail loop: bounce address withheld next time',
    'mail loop: complaint address withheld next time',
  ]) {
    expect(output).toContain(`ok    ${check}:`);
  }
  const run = /\(run ([\w-]+)\)/.exec(output)?.[1];
  expect(run).toBeTruthy();
  const label = `verify-${run}`;

  // The simulator got its e-mails; sales got none about these leads.
  const mails = await emailsMentioning(label);
  expect(mails.length).toBeGreaterThanOrEqual(3);
  expect(mails.every((mail) => mail.destination.to.every((to) => to.includes(label)))).toBe(true);

  const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const dir = await mkdtemp(join(tmpdir(), 'kryon-verify-export-'));
  const exported = async (...extra: string[]) => {
    const out = join(dir, `download${extra.length}.csv`);
    // By the environment's name, as ops name a deployment: the same --table path.
    await runOnStack('leads:export', [
      'local',
      '--form',
      'download',
      '--since',
      since,
      '--out',
      out,
      ...extra,
    ]);
    return readFile(out, 'utf8');
  };
  expect(await exported()).not.toContain(label);
  expect(await exported('--with-synthetic')).toContain(`success+${label}@simulator.amazonses.com`);

  // The re-queue of abandoned sales notifications, on the environment by name: none here.
  expect(await runOnStack('leads:resend', ['local', '--requeue'])).toContain(
    'has an abandoned sales notification',
  );
});
