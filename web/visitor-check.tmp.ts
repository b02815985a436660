// Throwaway: a real visitor's research download against a running stack, in Chromium.
import { chromium } from '@playwright/test';
import { researchItems } from './app/content/research-items.ts';

const base = process.env.BASE ?? 'http://127.0.0.1:3300';
const width = Number(process.env.WIDTH ?? 1280);
const tag = process.env.TAG ?? 'x';
const [item] = [...researchItems].sort((a, b) => b.publishedDate.localeCompare(a.publishedDate));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width, height: width > 400 ? 900 : 844 } });
const started = Date.now();
await page.goto(`${base}/research-archive`);
await page.locator('.published-date__age').first().waitFor({ state: 'attached' });
await page.getByRole('button', { name: `Download ${item?.title}` }).click();
const dialog = page.getByRole('dialog', { name: `Download research ${item?.title}` });
const email = `visitor.${Date.now()}@example.com`;
await dialog.getByLabel('Work email').fill(email);
await dialog.getByLabel('First name').fill('Mei');
await dialog.getByLabel('Company').fill('Harbour Health');
await dialog.getByLabel('Role').selectOption({ label: 'Security Engineer' });
await page.waitForTimeout(2500);
const submitAt = Date.now();
const response = page.waitForResponse((r) => r.url().endsWith('/api/email/download'));
await dialog.getByRole('button', { name: 'Send Download Link' }).click();
const answer = await (await response).json();
const status = dialog.getByRole('status').filter({ hasText: 'Download Ready' });
await status.waitFor({ timeout: 30_000 });
const link = status.getByRole('link', { name: /^Open the report \(PDF\)/ });
const href = (await link.getAttribute('href')) ?? '';
const pdf = await page.request.get(href);
const body = await pdf.body();
await page.screenshot({ path: `/tmp/shots/download-${tag}-${width}.png` });
console.log(JSON.stringify({
  width,
  waitedAfterSubmitMs: Date.now() - submitAt,
  totalMs: Date.now() - started,
  answer: { confirmation: answer.confirmation, message: answer.message, hasReportUrl: !!answer.reportUrl },
  statusText: (await status.innerText()).replace(/\s+/g, ' '),
  pdf: { status: pdf.status(), type: pdf.headers()['content-type'], magic: body.subarray(0, 5).toString() },
  email,
}));
await browser.close();
