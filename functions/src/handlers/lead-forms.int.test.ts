import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { SUCCESS_MESSAGES, UNSENT_MESSAGES } from '@kryon/shared/messages';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../../test/browser-check.ts';
import { apiEvent, bodyOf, type Handler, sampleBody } from '../../test/events.ts';
import {
  emailsSentTo,
  emailsTo,
  type IntegrationEnv,
  storedLeadItem,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';
import type { StoredLead } from '../leads/lead.ts';

// Each handler is imported in beforeAll, once the emulators' environment is set: the wiring
// reads it on import. A literal path per form lets the bundler see every import.
const CASES = [
  {
    form: 'partner',
    load: () => import('./partner.ts'),
    emailField: 'email',
    subject: /^(\[Priority\] )?Partner · .+ · from “.+”$/,
  },
  {
    form: 'demo',
    load: () => import('./demo.ts'),
    emailField: 'workEmail',
    subject: /^\[Priority\] Demo request · .+ AWS accounts · from “.+”$/,
  },
  {
    form: 'beta-access',
    load: () => import('./beta-access.ts'),
    emailField: 'workEmail',
    subject: /^(\[Priority\] )?Beta access · .+ · from “.+”$/,
  },
  {
    form: 'download',
    load: () => import('./download.ts'),
    emailField: 'email',
    subject: /^Download · .+ · from “.+”$/,
  },
] as const;

let env: IntegrationEnv;
const handlers = new Map<string, Handler>();
let reportHandler: Handler;

beforeAll(async () => {
  env = await useEmulators('forms');
  process.env.SITE_ORIGIN = 'https://www.kryon.example';
  // Two confirmations a day per address, so the budget is reached within the submission limit.
  process.env.VISITOR_MAIL_PER_ADDRESS = '2';
  // Stand-ins for the built reports (web tests check the real PDFs): one file per item.
  const reports = mkdtempSync(join(tmpdir(), 'kryon-reports-'));
  for (const id of RESEARCH_DOWNLOAD_IDS) writeFileSync(join(reports, `${id}.pdf`), `%PDF ${id}`);
  process.env.REPORTS_DIR = reports;
  reportHandler = ((await import('./report.ts')) as { handler: Handler }).handler;
  for (const { form, load } of CASES) handlers.set(form, (await load()).handler);
});

async function post(form: string, body: unknown, key = uniqueKey()) {
  const handler = handlers.get(form);
  if (!handler) throw new Error(`no handler for ${form}`);
  return handler(
    apiEvent({ path: `/api/email/${form}`, body, headers: { 'idempotency-key': key } }),
  );
}

describe.each(CASES)(
  'POST /api/email/$form against the emulators',
  ({ form, emailField, subject }) => {
    it('stores the lead and e-mails sales with Reply-To the visitor', async () => {
      const email = uniqueEmail(form);
      const key = uniqueKey();
      const response = await post(form, { ...sampleBody(form), [emailField]: email }, key);

      expect(response.statusCode).toBe(200);
      // No browser check: the visitor's e-mail is withheld, and the answer says so.
      expect(bodyOf(response)).toMatchObject({
        success: true,
        message: UNSENT_MESSAGES[form]?.['not-sent'] ?? SUCCESS_MESSAGES[form],
        confirmation: 'not-sent',
      });
      const Item = await storedLeadItem(env, form, key);
      expect(Item).toMatchObject({ form, emailStatus: 'sent', spam: false });
      expect((Item?.fields as Record<string, unknown> | undefined)?.[emailField]).toBe(email);
      // Where the visit came from, stored beside the fields (the demo and download samples).
      expect(Item?.attribution).toEqual(sampleBody(form).attribution);
      expect(Item?.fields).not.toHaveProperty('attribution');

      const sales = (await emailsTo(env.sesUrl, email)).filter((e) =>
        e.destination.to.includes('sales@kryon.example'),
      );
      expect(sales).toHaveLength(1);
      expect(sales[0]?.subject).toMatch(subject);
    });

    it('answers invalid input with 400 and field messages, storing nothing', async () => {
      const response = await post(form, { ...sampleBody(form), [emailField]: 'not-an-address' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys((bodyOf(response).details ?? {}) as object)).toContain(emailField);
    });
  },
);

describe('the research download', () => {
  it('e-mails a personal link that answers the report once the browser check passed', async () => {
    const email = uniqueEmail('reader');
    const key = uniqueKey();
    const body: Record<string, unknown> = {
      ...sampleBody('download'),
      email,
      [CHALLENGE_FIELD]: await solvedChallenge('download'),
    };
    const response = await post('download', body, key);
    expect(response.statusCode).toBe(200);
    const answer = bodyOf(response);
    expect(answer).toMatchObject({ message: SUCCESS_MESSAGES.download, confirmation: 'sent' });

    const mine = await emailsSentTo(env.sesUrl, email);
    expect(mine).toHaveLength(1);
    // From the configured address, under a name that invites the reply it asks for.
    expect(mine[0]?.from).toBe('"Kryon Sales" <no-reply@kryon.example>');
    const url = /https:\/\/www\.kryon\.example\/api\/email\/report\?\S+/.exec(
      mine[0]?.body.text ?? '',
    )?.[0];
    expect(url).toBeDefined();
    const params = new URL(url ?? '').searchParams;
    expect(params.get('item')).toBe(body.researchId);
    // The lead by the id the server made; the client's key appears nowhere in the e-mail.
    expect(params.get('lead')).toBe(answer.submissionId);
    expect(JSON.stringify(mine[0])).not.toContain(key);
    // The answer carries the very link the e-mail does.
    expect(answer.reportUrl).toBe(url);

    const open = async (link: string) =>
      reportHandler(
        apiEvent({
          method: 'GET',
          path: '/api/email/report',
          body: undefined,
          query: Object.fromEntries(new URL(link).searchParams),
        }),
      );
    const report = await open(url ?? '');
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(report.body, 'base64').toString()).toBe(`%PDF ${String(body.researchId)}`);
    expect(await storedLeadItem(env, 'download', key)).toMatchObject({
      downloadedAt: expect.any(String),
      downloadCount: 1,
    });

    const altered = await open((url ?? '').replace(/sig=[^&]+/, 'sig=AAAA'));
    expect(altered.statusCode).toBe(403);
    expect(altered.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('the research download delivers its link on screen, whatever the e-mail', () => {
  const open = (link: string) =>
    reportHandler(
      apiEvent({
        method: 'GET',
        path: '/api/email/report',
        body: undefined,
        query: Object.fromEntries(new URL(link).searchParams),
      }),
    );

  it('without a browser check: says not e-mailed, mails the address nothing, and the link opens at once', async () => {
    const email = uniqueEmail('unverified-reader');
    const key = uniqueKey();
    const response = await post('download', { ...sampleBody('download'), email }, key);

    const answer = bodyOf(response);
    expect(answer).toMatchObject({
      message: UNSENT_MESSAGES.download?.['not-sent'],
      confirmation: 'not-sent',
    });
    expect(await emailsSentTo(env.sesUrl, email)).toEqual([]);
    // Opened the moment the answer arrives: the lead's id finds it, consistently.
    const report = await open(String(answer.reportUrl));
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(await storedLeadItem(env, 'download', key)).toMatchObject({
      submissionId: answer.submissionId,
      downloadCount: 1,
    });
  });

  it('a retry with the same key answers the same link and confirmation, from the stored lead', async () => {
    const key = uniqueKey();
    const body = { ...sampleBody('download'), email: uniqueEmail('retry-reader') };
    const first = bodyOf(await post('download', body, key));
    const again = bodyOf(await post('download', body, key));
    expect(again).toEqual(first);
    expect((await open(String(again.reportUrl))).statusCode).toBe(200);
  });

  it('a spam download gets an answer of the same shape whose link opens nothing', async () => {
    const key = uniqueKey();
    const answer = bodyOf(
      await post(
        'download',
        { ...sampleBody('download'), email: uniqueEmail('bot'), website: 'http://x.example' },
        key,
      ),
    );
    expect(answer).toMatchObject({
      message: UNSENT_MESSAGES.download?.['not-sent'],
      confirmation: 'not-sent',
      reportUrl: expect.stringContaining('/api/email/report?lead='),
    });
    expect((await open(String(answer.reportUrl))).statusCode).toBe(403);
    expect(await storedLeadItem(env, 'download', key)).toMatchObject({ spam: true });
    expect(await storedLeadItem(env, 'download', key)).not.toHaveProperty('downloadCount');
  });
});

describe('the browser check against the emulators', () => {
  const demo = async (email: string, altcha?: string, key = uniqueKey()) => {
    const response = await post(
      'demo',
      { ...sampleBody('demo'), workEmail: email, ...(altcha ? { [CHALLENGE_FIELD]: altcha } : {}) },
      key,
    );
    expect(response.statusCode).toBe(200);
    return storedLeadItem(env, 'demo', key);
  };
  const visitorMails = (email: string) => emailsSentTo(env.sesUrl, email);

  it('without a solution keeps the lead, marks it for sales and mails the address nothing', async () => {
    const email = uniqueEmail('bare-api');
    const lead = await demo(email);

    expect(lead).toMatchObject({
      browserCheck: 'missing',
      emails: { visitor: { status: 'withheld', reason: 'unverified' } },
    });
    expect(await visitorMails(email)).toEqual([]);
    const sales = (await emailsTo(env.sesUrl, email)).filter((e) =>
      e.destination.to.includes('sales@kryon.example'),
    );
    expect(sales[0]?.body.text).toContain('Not verified by the browser check');
  });

  it('takes a solution once: a second submission with it mails its address nothing', async () => {
    const altcha = await solvedChallenge('demo');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');

    expect((await demo(first, altcha))?.browserCheck).toBe('verified');
    expect((await demo(second, altcha))?.browserCheck).toBe('replayed');
    expect(await visitorMails(first)).toHaveLength(1);
    expect(await visitorMails(second)).toEqual([]);
  });

  it('refuses a solution for another form', async () => {
    const email = uniqueEmail('other-form');
    expect((await demo(email, await solvedChallenge('partner')))?.browserCheck).toBe('wrong-form');
    expect(await visitorMails(email)).toEqual([]);
  });

  it('sends one address its daily confirmations, then withholds them, every lead stored', async () => {
    const email = uniqueEmail('budget');
    const leads = [];
    for (let i = 0; i < 3; i += 1) leads.push(await demo(email, await solvedChallenge('demo')));

    expect(await visitorMails(email)).toHaveLength(2);
    expect(leads.map((lead) => lead?.emails.visitor.status)).toEqual(['sent', 'sent', 'withheld']);
    expect(leads[2]?.emails.visitor.reason).toBe('recipient-budget');
    const sales = (await emailsTo(env.sesUrl, email)).filter((e) =>
      e.destination.to.includes('sales@kryon.example'),
    );
    expect(sales).toHaveLength(3);
  });
});

describe('a download lead stored before leads were findable by their id', () => {
  it('is made findable when its owed e-mail is re-sent, so the link in it opens', async () => {
    const email = uniqueEmail('before-ids');
    const { createLeadRequest } = await import('../adapters/dynamodb.ts');
    const { resendPending } = await import('../leads/resend-pending.ts');
    const wiring = await import('../wiring.ts');
    const now = new Date();
    const lead: StoredLead = {
      form: 'download',
      submissionId: randomUUID(),
      idempotencyKey: uniqueKey(),
      payloadHash: 'h',
      createdAt: now.toISOString(),
      fields: { ...sampleBody('download'), email },
      emailHash: 'e',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      browserCheck: 'verified',
      emailStatus: 'failed',
      emails: {
        sales: { status: 'sent', attempts: 1 },
        visitor: { status: 'failed', attempts: 1, error: 'Error: SES unreachable' },
      },
      leaseUntil: 0,
      expiresAt: Math.floor(now.getTime() / 1000) + 3_600,
    };
    // The lead item alone, as a function before this one stored it: no id item beside it.
    await DynamoDBDocumentClient.from(env.dynamo).send(
      new PutCommand(createLeadRequest(env.tableName, lead)),
    );

    const { readConfig, resendConfig } = await import('../config.ts');
    const config = readConfig(resendConfig);
    const site = wiring.siteSecret(await wiring.loadSecrets(config));
    const summary = await resendPending({
      ...wiring.resendDeps(site, config),
      now: () => new Date(),
    });
    expect(summary.sent).toBeGreaterThanOrEqual(1);

    const [mail] = await emailsSentTo(env.sesUrl, email);
    const url = /https:\/\/www\.kryon\.example\/api\/email\/report\?\S+/.exec(
      mail?.body.text ?? '',
    )?.[0];
    expect(new URL(url ?? 'https://x').searchParams.get('lead')).toBe(lead.submissionId);
    const report = await reportHandler(
      apiEvent({
        method: 'GET',
        path: '/api/email/report',
        body: undefined,
        query: Object.fromEntries(new URL(url ?? 'https://x').searchParams),
      }),
    );
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
  });
});
