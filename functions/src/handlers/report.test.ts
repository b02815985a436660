import { createHmac } from 'node:crypto';
import { API_PATHS } from '@kryon/shared/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent } from '../../test/events.ts';
import { FakeEventBus, FakeLeadStore } from '../../test/fake-lead-store.ts';
import type { OpenReportDeps } from '../leads/open-report.ts';
import { reportLinkUrl } from '../leads/report-link.ts';

Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  TABLE_NAME: 'leads-report',
  IP_HASH_SECRET: 'unit-secret',
  SITE_ORIGIN: 'https://www.kryon.example',
});
const { createReportHandler } = await import('./report.ts');

const KEY = 'report-key';
/** The id the server gave the lead: what links name. */
const LEAD_ID = '6f1c2a0e-8d4b-4c1e-9f55-0a7b3c2d1e00';
const NOW = new Date('2026-11-24T10:00:00Z');
const PDF = Buffer.from('%PDF-1.7 test report');
let store: FakeLeadStore;
let clock: Date;
let files: OpenReportDeps['files'];
let bus: FakeEventBus;

beforeEach(async () => {
  store = new FakeLeadStore();
  bus = new FakeEventBus();
  clock = NOW;
  files = { open: async () => ({ bytes: PDF }) };
  await store.createLead({
    form: 'download',
    submissionId: LEAD_ID,
    idempotencyKey: 'key-0000000001',
    createdAt: NOW.toISOString(),
    fields: {},
    emails: {},
  } as never);
});

const handler = () =>
  createReportHandler(
    {
      store,
      files,
      reportLinkKeys: [KEY],
      now: () => clock,
      log: { info() {}, warn() {}, error() {} },
      bus,
    },
    'https://www.kryon.example',
  );

function open(url: string) {
  const { searchParams } = new URL(url);
  return handler()({
    ...apiEvent({ method: 'GET', path: API_PATHS.report, body: undefined }),
    queryStringParameters: Object.fromEntries(searchParams),
  });
}

const link = (overrides: { item?: string; expiresAt?: number; lead?: string } = {}) =>
  reportLinkUrl(
    'https://www.kryon.example',
    {
      lead: LEAD_ID,
      item: 'kev-exposure-prioritization',
      expiresAt: NOW.getTime() / 1000 + 7 * 86_400,
      ...overrides,
    },
    KEY,
  );

describe('GET /api/email/report', () => {
  it('answers the PDF for a good link, privately, and records the first opening', async () => {
    const response = await open(link());

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.isBase64Encoded).toBe(true);
    expect(Buffer.from(response.body, 'base64')).toEqual(PDF);
    expect(store.only()).toMatchObject({ downloadedAt: NOW.toISOString(), downloadCount: 1 });
  });

  it('keeps the first opening when the report is opened again, and counts', async () => {
    await open(link());
    clock = new Date(NOW.getTime() + 3_600_000);
    await open(link());

    expect(store.only()).toMatchObject({ downloadedAt: NOW.toISOString(), downloadCount: 2 });
  });

  it('publishes the first opening to the destinations, once, and never for a later one', async () => {
    await open(link());
    clock = new Date(NOW.getTime() + 3_600_000);
    await open(link());

    expect(bus.published.map(({ detail }) => JSON.parse(detail))).toMatchObject([
      {
        type: 'lead.report-opened',
        leadId: LEAD_ID,
        form: 'download',
        reportId: 'kev-exposure-prioritization',
        occurredAt: NOW.toISOString(),
      },
    ]);
    expect(store.only().owed.size).toBe(0);
  });

  it('answers an altered link with a 403 page that leads back to the archive, no PDF', async () => {
    const altered = link().replace('kev-exposure-prioritization', 'imdsv1-ssrf-to-account-admin');
    const response = await open(altered);

    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('This download link is not valid');
    expect(response.body).toContain(
      'href="https://www.kryon.example/research-archive?item=imdsv1-ssrf-to-account-admin"',
    );
    expect(store.only().downloadCount).toBeUndefined();
  });

  it('answers an expired link with a 410 page, no PDF', async () => {
    clock = new Date(NOW.getTime() + 8 * 86_400_000);
    const response = await open(link());

    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('This download link has expired');
    expect(response.body).not.toContain('%PDF');
  });

  it('sends the visitor on to a short-lived address where the reports live in a bucket', async () => {
    files = {
      open: async (item) => ({ url: `https://reports.example/${item}.pdf?X-Amz-Expires=60` }),
    };
    const response = await open(link());

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'https://reports.example/kev-exposure-prioritization.pdf?X-Amz-Expires=60',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(store.only().downloadCount).toBe(1);
  });

  it('answers a link whose lead was erased as not valid', async () => {
    const response = await open(link({ lead: '6f1c2a0e-8d4b-4c1e-9f55-0a7b3c2d1e09' }));
    expect(response.statusCode).toBe(403);
  });

  it('finds the lead by its id only: a link naming its idempotency key as the lead is not valid', async () => {
    const response = await open(link({ lead: 'key-0000000001' }));
    expect(response.statusCode).toBe(403);
    expect(store.only().downloadCount).toBeUndefined();
  });

  it('still opens a link e-mailed before links named the id (v1: the idempotency key)', async () => {
    const claims = {
      lead: 'key-0000000001',
      item: 'kev-exposure-prioritization',
      expiresAt: NOW.getTime() / 1000 + 7 * 86_400,
    };
    // The v1 format, written out here so that a change to it shows.
    const sig = createHmac('sha256', KEY)
      .update(`kryon-report-link/v1\n${claims.lead}\n${claims.item}\n${claims.expiresAt}`)
      .digest('base64url');
    const v1 = `https://www.kryon.example/api/email/report?lead=${claims.lead}&item=${claims.item}&expires=${claims.expiresAt}&sig=${sig}`;

    const response = await open(v1);

    expect(response.statusCode).toBe(200);
    expect(store.only()).toMatchObject({ downloadCount: 1 });
  });

  it('answers 503 with a page, not a stack trace, when no reports are configured or one fails', async () => {
    files = undefined;
    expect((await open(link())).statusCode).toBe(503);
    files = {
      open: async () => {
        throw new Error('ENOENT: /secret/path/report.pdf');
      },
    };
    const response = await open(link());
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Reports are unavailable right now');
    expect(response.body).not.toContain('ENOENT');
  });

  it('escapes what the link names before showing it', async () => {
    const response = await open(`${link()}&item=%22%3E%3Cscript%3E`);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('<script>');
  });
});
