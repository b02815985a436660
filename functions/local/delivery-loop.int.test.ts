import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PATHS,
  CHALLENGE_FORM_PARAM,
  type Confirmation,
  IDEMPOTENCY_HEADER,
} from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as exportLeads } from '../scripts/leads-export.ts';
import { captureIo } from '../scripts/lib/capture-io.ts';
import { readCsv } from '../scripts/lib/read-csv.ts';
import { solveBrowserCheck } from '../scripts/lib/solve-challenge.ts';
import { sampleBody } from '../test/events.ts';
import { localSettings } from './environment.ts';
import { storedEmails } from './ses-inbox.ts';
import { type RunningStack, startLocalStack } from './stack.ts';

/*
 * The loop closed end to end on the local stack, fresh emulators in a temp DATA_DIR: a
 * research download to one of SES's mailbox-simulator addresses, its browser check solved as
 * the site's form does; the SES emulator's proxy publishes what SES would, the very
 * delivery-events handler records it; leads:export shows it; and the next download to that
 * address gets no confirmation, while its lead is stored. Simulator leads are synthetic: no
 * sales e-mail, exported with --with-synthetic only.
 */
const saved = { ...process.env };
const dataDir = mkdtempSync(join(tmpdir(), 'kryon-delivery-loop-'));
let stack: RunningStack;

beforeAll(async () => {
  Object.assign(process.env, { DATA_DIR: dataDir, TABLE_NAME: 'kryon-leads' });
  // Port 0 everywhere: each emulator and the server take a free port, none chosen ahead
  // (a port probed free can be taken by a parallel test file before it is used).
  stack = await startLocalStack(
    { ...localSettings(), port: 0, dynamoPort: 0, sesPort: 0 },
    { serveSite: false, sesEventDelayMs: 50 },
  );
  // leads:export finds the running stack's DynamoDB by its port.
  process.env.DYNAMODB_PORT = new URL(stack.dynamoUrl).port;
}, 30_000);

afterAll(async () => {
  await stack?.close();
  process.env = { ...saved };
  rmSync(dataDir, { recursive: true, force: true });
});

/** A research download from `email`, its browser check solved from a fresh challenge. */
async function download(
  email: string,
): Promise<{ submissionId: string; confirmation: Confirmation }> {
  const challengeUrl = new URL(API_PATHS.challenge, stack.url);
  challengeUrl.searchParams.set(CHALLENGE_FORM_PARAM, 'download');
  const challenge = (await (await fetch(challengeUrl)).json()) as Challenge;
  const solved = await solveBrowserCheck(challenge);
  const response = await fetch(new URL(API_PATHS.download, stack.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: randomUUID() },
    body: JSON.stringify({ ...sampleBody('download'), email, [CHALLENGE_FIELD]: solved.payload }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { submissionId: string; confirmation: Confirmation };
  await stack.sesEventsSettled();
  return body;
}

/** The download leads as sales export them, by submission id. */
async function exported(): Promise<Map<string, Record<string, string>>> {
  const io = captureIo();
  // Leads to the mailbox simulator are synthetic: exported only when asked for.
  expect(
    await exportLeads(['--form', 'download', '--since', '2026-01-01', '--with-synthetic'], io),
  ).toBe(0);
  const [header = [], ...rows] = readCsv(io.stdout());
  const records = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
  return new Map(records.map((record) => [record.submissionId ?? '', record]));
}

const to = async (address: string) =>
  (await storedEmails(stack.sesUrl)).filter((email) => email.destination.to.includes(address));

describe('a tagged spelling that bounces', () => {
  // The simulator's mailbox for an address on SES's suppression list: a permanent bounce.
  // Not `bounce@`, whose own bounce below lists every spelling of it, and whose 3 submissions
  // a minute the cases below spend.
  it('is withheld the next time, while another spelling of its mailbox is still mailed', async () => {
    const tagged = 'suppressionlist+typo@simulator.amazonses.com';
    expect((await download(tagged)).confirmation).toBe('sent');

    const again = await download(tagged);
    expect(again.confirmation).toBe('not-sent');
    expect((await exported()).get(again.submissionId)).toMatchObject({
      visitorEmail: 'withheld (address-bounced)',
    });
    // A bounce of one tag says nothing of the others: only that spelling is listed.
    expect((await download('suppressionlist+other@simulator.amazonses.com')).confirmation).toBe(
      'sent',
    );
    expect(await to(tagged)).toHaveLength(1);
  });
});

describe.each([
  ['bounce@simulator.amazonses.com', 'bounced (permanent)', 'address-bounced'],
  ['complaint@simulator.amazonses.com', 'complained', 'address-complained'],
])('a download to %s', (address, outcome, reason) => {
  let first: string;

  it(`ends with the lead marked ${outcome} in the export`, async () => {
    const answer = await download(address);
    first = answer.submissionId;
    expect(answer.confirmation).toBe('sent');
    expect(await to(address)).toHaveLength(1);

    const lead = (await exported()).get(first);
    expect(lead).toMatchObject({ visitorEmail: 'sent', visitorDelivery: outcome });
    expect(lead?.visitorDeliveryAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it(`gets no confirmation the next time (withheld ${reason}), its lead stored`, async () => {
    const answer = await download(address);

    expect(answer.confirmation).toBe('not-sent');
    expect(await to(address)).toHaveLength(1);
    // A simulator lead is nobody's: sales hear of none of them.
    expect(await to('sales@kryon.example')).toEqual([]);

    const leads = await exported();
    expect(leads.get(answer.submissionId)).toMatchObject({
      visitorEmail: `withheld (${reason})`,
      visitorDelivery: '',
      emailStatus: 'sent',
    });
    // The first lead keeps what SES said of its message.
    expect(leads.get(first)).toMatchObject({ visitorDelivery: outcome });
  });
});
