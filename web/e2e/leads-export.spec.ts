import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UTF8_BOM, unmarkFormulas } from '../../functions/scripts/lib/csv.ts';
import { readAsSpreadsheet, readCsv } from '../../functions/scripts/lib/read-csv.ts';
import { fillContact } from './contact-form.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';
import { runOnStack } from './stack-cli.ts';

/*
 * What a visitor types into a form reaches sales' spreadsheet as text, whatever its
 * separator: a lead sent through the contact form in Chromium, exported with
 * `npm run leads:export` as sales run it, then read as a comma, a semicolon and a tab
 * spreadsheet reads it. No cell starts with a formula, and the text comes back exactly.
 */

const NAME = "Ann ;=cmd|' /C calc'!A0;";
const COMPANY = ';=1+1;@SUM(A1)';
const MESSAGE = 'Budget: -20% this year,=HYPERLINK("https://evil.example","Open"); Grüße aus Köln';
const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The contact leads since yesterday, exported as sales export them, from this run's stack. */
async function exportContactLeads(): Promise<string> {
  // From yesterday, so a run around midnight (UTC) still finds the lead it just sent.
  const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const out = join(await mkdtemp(join(tmpdir(), 'kryon-export-')), 'contact.csv');
  await runOnStack('leads:export', ['--form', 'contact', '--since', since, '--out', out]);
  return readFile(out, 'utf8');
}

test('a hostile name, company and message reach the export as text in every spreadsheet locale', async ({
  page,
}) => {
  const email = uniqueEmail('ann');
  await page.goto('/contact');
  await fillContact(page, email, { name: NAME, company: COMPANY, message: MESSAGE });
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
