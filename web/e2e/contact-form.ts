import type { Page } from '@playwright/test';

/** What a visitor types into the contact form; any part may be replaced. */
export interface ContactEntry {
  name?: string;
  company?: string;
  message?: string;
}

/** Fills the contact form on the current page as a visitor does, subject "Request Demo". */
export async function fillContact(page: Page, email: string, entry: ContactEntry = {}) {
  await page.getByLabel('Full name').fill(entry.name ?? 'Ada Lovelace');
  await page.getByLabel('Work email').fill(email);
  if (entry.company !== undefined) {
    await page.getByRole('textbox', { name: 'Company (optional)' }).fill(entry.company);
  }
  await page.getByLabel('Subject').selectOption('demo');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill(entry.message ?? 'We run 40 AWS accounts and would like a demo of Kryon.');
}
