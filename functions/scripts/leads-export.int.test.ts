import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LeadForm } from '@kryon/shared/api';
import { normaliseEmail } from '@kryon/shared/email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoLeadStore } from '../src/adapters/dynamodb.ts';
import { sha256 } from '../src/leads/hash.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import { type IntegrationEnv, useEmulators } from '../test/integration.ts';
import { main } from './leads-export.ts';
import { captureIo } from './lib/capture-io.ts';
import { UTF8_BOM, unmarkFormulas } from './lib/csv.ts';
import { readAsSpreadsheet, readCsv } from './lib/read-csv.ts';

let env: IntegrationEnv;
let scratch: string;
const saved = { ...process.env };

/** A lead as submitLead stores it, written through the lead adapter itself. */
function lead(form: LeadForm, createdAt: string, fields: Record<string, unknown>, extra = {}) {
  const email = String(fields.workEmail ?? fields.email);
  return {
    form,
    submissionId: `sub-${form}-${createdAt}`,
    idempotencyKey: `key-${form}-${createdAt}`,
    payloadHash: sha256(JSON.stringify(fields)),
    createdAt,
    fields,
    emailHash: sha256(normaliseEmail(email)),
    userAgent: 'vitest',
    ipHash: 'ip',
    spam: false,
    emailStatus: 'sent',
    expiresAt: 2_000_000_000,
    ...extra,
  } as StoredLead;
}

beforeAll(async () => {
  env = await useEmulators('export');
  scratch = mkdtempSync(join(tmpdir(), 'kryon-export-'));
  const store = createDynamoLeadStore(env.dynamo, env.tableName);
  const demo = (createdAt: string, fields: Record<string, unknown>, extra = {}) =>
    store.createLead(
      lead('demo', createdAt, { workEmail: 'p@northwind.example', ...fields }, extra),
    );
  await demo(
    '2026-11-05T09:00:00.000Z',
    {
      fullName: 'Raman, Priya',
      companyName: '=HYPERLINK("http://evil.example","Click")',
      interestedModules: ['attack-path-mapping', 'iam-analysis'],
      specificUseCases: 'Line one\n"Quoted" line two',
      consentProcessing: true,
    },
    {
      attribution: {
        landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
        utmSource: 'newsletter',
        utmCampaign: '=q4',
        formPath: '/demo',
      },
    },
  );
  await demo(
    '2026-11-01T00:00:00.000Z',
    { fullName: 'Bot', companyName: '@evil', interestedModules: ['threat-detection'] },
    { spam: true, emailStatus: 'skipped' },
  );
  // What a visitor in a semicolon locale's reach would type, and a name with accents.
  await demo('2026-11-20T10:00:00.000Z', {
    fullName: "Ann ;=cmd|' /C calc'!A0;",
    companyName: ';=1+1;',
    jobTitle: 'Directrice Sécurité, Zürich',
    specificUseCases: 'Needs:\n- attack paths\n+ evidence;@SUM(A1)',
  });
  await demo('2026-10-31T23:59:59.999Z', { fullName: 'Too Early' });
  await demo('2026-12-01T00:00:00.000Z', { fullName: 'Too Late' });
  await store.createLead(
    lead('contact', '2026-11-10T00:00:00.000Z', { name: 'Other Form', email: 'o@x.example' }),
  );
  // A verify run's lead: nobody's, so not exported unless asked for.
  await store.createLead(
    lead(
      'contact',
      '2026-11-11T00:00:00.000Z',
      { name: 'Verify Run', email: 'success+verify-1@simulator.amazonses.com' },
      { synthetic: true },
    ),
  );
  // A rate-limit counter shares the table; it is no lead.
  await store.takeRateLimit({
    key: `email#${sha256('p@northwind.example')}`,
    max: 3,
    windowMs: 60_000,
    nowMs: Date.parse('2026-11-05T09:00:00.000Z'),
  });
});

afterAll(() => {
  process.env = { ...saved };
  rmSync(scratch, { recursive: true, force: true });
});

describe('leads:export', () => {
  it("writes one form's leads in the range to a private CSV file, formulas neutralised", async () => {
    const io = captureIo();
    process.env.INIT_CWD = scratch;
    const code = await main(
      [
        '--form',
        'demo',
        '--since',
        '2026-11-01',
        '--until',
        '2026-11-30',
        '--table',
        env.tableName,
        '--out',
        'demo.csv',
      ],
      io,
    );
    expect(code).toBe(0);
    const file = join(scratch, 'demo.csv');
    expect(io.stderr()).toContain(`Exported 3 demo leads`);
    expect(io.stderr()).toContain(file);
    expect(io.stdout()).toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const text = readFileSync(file, 'utf8');
    // A byte order mark first, so Excel reads UTF-8; every cell quoted.
    expect(readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text.startsWith(`${UTF8_BOM}"submissionId","form","createdAt",`)).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const [header = [], ...rows] = readCsv(text);
    expect(header.slice(0, 7)).toEqual([
      'submissionId',
      'form',
      'createdAt',
      'fullName',
      'workEmail',
      'companyName',
      'jobTitle',
    ]);
    expect(header.slice(-5)).toEqual([
      'emailStatus',
      'visitorEmail',
      'visitorDelivery',
      'visitorDeliveryAt',
      'spam',
    ]);
    const records = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
    expect(records).toEqual([
      expect.objectContaining({
        submissionId: 'sub-demo-2026-11-01T00:00:00.000Z',
        createdAt: '2026-11-01T00:00:00.000Z',
        fullName: 'Bot',
        companyName: "'@evil",
        interestedModules: 'threat-detection',
        landingPath: '',
        utmSource: '',
        emailStatus: 'skipped',
        spam: 'true',
      }),
      expect.objectContaining({
        submissionId: 'sub-demo-2026-11-05T09:00:00.000Z',
        form: 'demo',
        fullName: 'Raman, Priya',
        workEmail: 'p@northwind.example',
        companyName: `'=HYPERLINK("http://evil.example","Click")`,
        interestedModules: 'attack-path-mapping; iam-analysis',
        specificUseCases: 'Line one\n"Quoted" line two',
        consentProcessing: 'true',
        jobTitle: '',
        // Where the visit came from, a formula in it neutralised like any other cell.
        landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
        referrerOrigin: '',
        utmSource: 'newsletter',
        utmMedium: '',
        utmCampaign: "'=q4",
        formPath: '/demo',
        emailStatus: 'sent',
        spam: 'false',
      }),
      expect.objectContaining({
        fullName: "Ann ;'=cmd|' /C calc'!A0;",
        companyName: ";'=1+1;",
        jobTitle: 'Directrice Sécurité, Zürich',
        specificUseCases: "Needs:\n'- attack paths\n'+ evidence;'@SUM(A1)",
      }),
    ]);
    // A reader that knows the rule gets every value back as stored.
    expect(records[2]?.fullName && unmarkFormulas(records[2].fullName)).toBe(
      "Ann ;=cmd|' /C calc'!A0;",
    );
    expect(records[2]?.specificUseCases && unmarkFormulas(records[2].specificUseCases)).toBe(
      'Needs:\n- attack paths\n+ evidence;@SUM(A1)',
    );
    // Opened where the list separator is ";" or tab, or as comma-separated text: no cell of
    // the file starts a formula.
    for (const separator of [',', ';', '\t'] as const) {
      const cells = readAsSpreadsheet(text, separator).flat();
      expect(cells.filter((cell) => /^\s*[=+\-@]/.test(cell))).toEqual([]);
    }
    expect(readAsSpreadsheet(text, ';').flat()).toContain("'=cmd|' /C calc'!A0");
  });

  it('reads the running local stack by default and writes the CSV to stdout', async () => {
    process.env.DYNAMODB_PORT = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '').port;
    process.env.TABLE_NAME = env.tableName;
    const io = captureIo();
    expect(await main(['--form', 'demo', '--since', '2026-11-01'], io)).toBe(0);
    expect(io.stderr()).toContain(
      `Exported 4 demo leads (createdAt from 2026-11-01T00:00:00.000Z) from local table ${env.tableName} (the running local stack at ${process.env.AWS_ENDPOINT_URL_DYNAMODB})`,
    );
    const rows = readCsv(io.stdout()).slice(1);
    expect(rows.map((row) => row[2])).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-11-05T09:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ]);
  });

  it('writes only the header when nothing matches', async () => {
    const io = captureIo();
    await main(['--form', 'download', '--since', '2026-11-01', '--table', env.tableName], io);
    expect(readCsv(io.stdout())).toEqual([
      [
        'submissionId',
        'form',
        'createdAt',
        'email',
        'firstName',
        'company',
        'role',
        'researchId',
        'landingPath',
        'referrerOrigin',
        'utmSource',
        'utmMedium',
        'utmCampaign',
        'utmTerm',
        'utmContent',
        'formPath',
        'browserCheck',
        'downloadedAt',
        'downloadCount',
        'emailStatus',
        'visitorEmail',
        'visitorDelivery',
        'visitorDeliveryAt',
        'spam',
      ],
    ]);
    expect(io.stderr()).toContain('Exported 0 download leads');
  });

  it("leaves out the synthetic leads to SES's mailbox simulator unless asked for", async () => {
    const exported = async (...extra: string[]) => {
      const io = captureIo();
      await main(
        ['--form', 'contact', '--since', '2026-11-01', '--table', env.tableName, ...extra],
        io,
      );
      return readCsv(io.stdout())
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await exported()).toEqual(['sub-contact-2026-11-10T00:00:00.000Z']);
    expect(await exported('--with-synthetic')).toEqual([
      'sub-contact-2026-11-10T00:00:00.000Z',
      'sub-contact-2026-11-11T00:00:00.000Z',
    ]);
  });

  it('says so when the table does not exist', async () => {
    await expect(
      main(['--form', 'demo', '--since', '2026-11-01', '--table', 'no-such-table'], captureIo()),
    ).rejects.toThrow('Table no-such-table does not exist');
  });
});
