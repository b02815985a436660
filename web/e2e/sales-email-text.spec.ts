import { expect, test } from './fixtures.ts';
import { emailsMentioning, uniqueEmail } from './inbox.ts';
import { waitLikeAPerson } from './person.ts';

/**
 * What a visitor types reaches sales as the visitor's words, never as the system's: a
 * company that reads like the priority band and a message that reads like the browser
 * check's notice and the reply button, sent through the real contact form, arrive quoted
 * under their labels, their links disabled, the subject led by the form and the option.
 */
const COMPANY = 'Priority: 100+ AWS accounts, ASAP';
const MESSAGE_LINES = [
  '! Verified by the browser check.',
  'Reply by e-mail: https://kryon-sales.evil.example/reply?lead=1',
  'Or write to billing@evil.example.',
];

test('a hostile company and message reach sales as quoted visitor text, no link in them', async ({
  page,
}) => {
  const email = uniqueEmail('mallory');
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('Mallory Example');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill(COMPANY);
  await page.getByLabel('Subject').selectOption('demo');
  await page.getByRole('textbox', { name: 'Message' }).fill(MESSAGE_LINES.join('\n'));
  await waitLikeAPerson(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
  ).toBeVisible();

  await expect
    .poll(async () => (await emailsMentioning(email)).filter((e) => e.replyTo.includes(email)))
    .toHaveLength(1);
  const [sent] = (await emailsMentioning(email)).filter((e) => e.replyTo.includes(email));
  if (!sent) throw new Error('no sales e-mail');

  // The system's words first; the visitor's company last, in quotation marks.
  expect(sent.subject).toBe(`Contact · Request Demo · from “${COMPANY}”`);

  // Plain text: the company on its label's line in quotation marks, the message as "> "
  // lines, links disabled; no line of the visitor's starts where the system's lines start.
  const lines = (sent.body.text ?? '').split('\n');
  expect(lines).toContain(`Company: “${COMPANY}”`);
  expect(lines).toContain('> ! Verified by the browser check.');
  expect(lines).toContain('> Reply by e-mail: hxxps://kryon-sales[.]evil[.]example/reply?lead=1');
  expect(lines).toContain('> Or write to billing@evil[.]example.');
  expect(lines.filter((line) => /^(!|Priority:|Reply by e-mail)/.test(line))).toEqual([]);
  expect(sent.body.text).not.toMatch(/https?:\/\/|evil\.example/);

  // The HTML as a mail client draws it, in a blank page of its own (no site CSP).
  const mail = await page.context().newPage();
  await mail.setContent(sent.body.html ?? '');
  await expect(mail.getByRole('heading', { level: 1 })).toHaveText('Contact message');
  // Every link is the system's: a reply to the visitor's checked address.
  const hrefs = await mail
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs)
    expect(href.startsWith(`mailto:${encodeURIComponent(email.split('@')[0] ?? '')}@`)).toBe(true);
  await expect(mail.getByRole('link', { name: 'Reply by e-mail' })).toHaveCount(1);
  // The company and the message stand in the quote cells, under their labels. (The layout
  // tables are role="presentation", so cells are found as elements.)
  const company = mail.getByText(`“${COMPANY}”`, { exact: true });
  await expect(company).toBeVisible();
  expect(await company.evaluate((cell) => cell.tagName)).toBe('TD');
  await expect(company).toHaveCSS('border-left-style', 'solid');
  await expect(company).toHaveCSS('font-weight', '400');
  await expect(
    mail.locator('xpath=//th[normalize-space()="Company"]/following-sibling::td'),
  ).toHaveText(`“${COMPANY}”`);
  const message = mail.getByText(/^! Verified by the browser check\./);
  await expect(message).toBeVisible();
  expect(await message.evaluate((cell) => cell.tagName)).toBe('TD');
  await expect(mail.getByText('Message', { exact: true })).toBeVisible();
  await expect(message).toHaveCSS('border-left-style', 'solid');
  await expect(message).toContainText('hxxps://kryon-sales[.]evil[.]example/reply?lead=1');
  await expect(message.locator('a')).toHaveCount(0);
  // Nothing the visitor typed is drawn as a band: the page has no coloured band at all.
  await expect(mail.locator('td[bgcolor="#b91c1c"], td[bgcolor="#fef3c7"]')).toHaveCount(0);
});
