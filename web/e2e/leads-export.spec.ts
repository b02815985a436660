import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { UTF8_BOM, unmarkFormulas } from '../../functions/scripts/lib/csv.ts';
import { readAsSpreadsheet, readCsv } from '../../functions/scripts/lib/read-csv.ts';
import { E2E_PORTS } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * What a visitor types into a form reaches sales' spreadsheet as text, whatever its
 * separator: a lead sent through the contact form in Chromium, exported with
 * `npm run leads:export` as sales run it, then read as a comma, a semicolon and a tab
 * spreadsheet reads it. No cell starts with a formula, and the text comes back exactly.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NAME = "Ann ;=cmd|' /C calc'!A0;";
const COMPANY = ';=1+1;@SUM(A1)';
const MESSAGE = 'Budget: -20% this year,=HYPERLINK("https://evil.example","Open"); Grüße aus Köln';
const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Today's contact leads, exported as sales export them, from this run's stack. */
async function exportContactLeads(): Promise<string> {
  // From yesterday, so a run around midnight (UTC) still finds the lead it just sent.
  const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
  const out = join(await mkdtemp(join(tmpdir(), 'kryon-export-')), 'contact.csv');
  await promisify(execFile)(
    'npm',
    ['run', '-s', 'leads:export', '--', '--form', 'contact', '--since', since, '--out', out],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DYNAMODB_PORT: String(E2E_PORTS.dynamodb),
        SES_PORT: String(E2E_PORTS.ses),
        // The stack's own data folder, where its site secret is kept (playwright.config.ts).
        DATA_DIR: join(tmpdir(), `kryon-e2e-${offset}`),
      },
    },
  );
  return readFile(out, 'utf8');
}

test('a hostile name, company and message reach the export as text in every spreadsheet locale', async ({
  page,
}) => {
  const email = uniqueEmail('ann');
  await page.goto('/contact');
  await page.getByLabel('Full name').fill(NAME);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill(COMPANY);
  await page.getByLabel('Subject').selectOption('demo');
  await page.getByRole('textbox', { name: 'Message' }).fill(MESSAGE);
  await waitLikeAPerson(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
  ).toBeVisible();
  await expect.poll(async () => (await leadsOf(email)).length).toBe(1);

  const csv = await exportContactLeads();

  // A byte order mark, so Excel reads the file as UTF-8 and shows "Grüße aus Köln".
  expect(csv.startsWith(UTF8_BOM)).toBe(true);
  for (const separator of [',', ';', '\t'] as const) {
    const cells = readAsSpreadsheet(csv, separator).flat();
    const offending = cells.filter((cell) => TRIGGER.test(cell.trimStart()));
    expect(offending, `cells a ${JSON.stringify(separator)} spreadsheet would run`).toEqual([]);
  }
  // A reader that knows the format gets back exactly what the visitor typed.
  const [header, ...rows] = readCsv(csv);
  const column = (name: string) => (header ?? []).indexOf(name);
  const row = rows.find((cells) => cells[column('email')] === email);
  expect(row).toBeDefined();
  expect(unmarkFormulas(row?.[column('name')] ?? '')).toBe(NAME);
  expect(unmarkFormulas(row?.[column('company')] ?? '')).toBe(COMPANY);
  expect(unmarkFormulas(row?.[column('message')] ?? '')).toBe(MESSAGE);
});
