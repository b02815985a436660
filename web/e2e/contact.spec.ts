import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { emailsMentioning, uniqueEmail } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

test.describe('contact journey', () => {
  test('a visitor sends a message that reaches the sales inbox', async ({ page }) => {
    const email = uniqueEmail('ada');
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('textbox', { name: 'Company (optional)' }).fill('Analytical Engines Ltd');
    await page.getByLabel('Subject').selectOption('demo');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('We run 40 AWS accounts and would like a demo of Kryon.');
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Send message' }).click();

    // The form keeps a second, empty status region for the browser check's progress.
    const status = page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' });
    await expect(status).toBeVisible();
    await expect(status).toContainText('Thank you for your message. We will get back to you soon!');
    await expect(status).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    await expect.poll(async () => (await emailsMentioning(email)).length).toBe(1);
    const [sent] = await emailsMentioning(email);
    expect(sent?.replyTo).toEqual([email]);
    expect(sent?.body.text).toContain('Ada Lovelace');

    // ...and the lead is in the table, its e-mail recorded as sent.
    const [lead, ...others] = await leadsOf(email);
    expect(others).toHaveLength(0);
    expect(lead?.form?.S).toBe('contact');
    expect(lead?.emailStatus?.S).toBe('sent');
    // The form solved its browser check (the contact form mails no confirmation to show it).
    expect(lead?.browserCheck?.S).toBe('verified');
    expect(lead?.fields?.M?.name?.S).toBe('Ada Lovelace');
  });

  test('errors appear when a field is left or on submit, and typing clears them', async ({
    page,
  }) => {
    await page.goto('/contact');
    const name = page.getByLabel('Full name');

    await name.fill('A');
    await expect(page.getByText('Please enter your full name (minimum 2 characters)')).toHaveCount(
      0,
    );
    await name.blur();
    const nameError = page.getByText('Please enter your full name (minimum 2 characters)');
    await expect(nameError).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(
      /Please enter your full name \(minimum 2 characters\)/,
    );

    await name.pressSequentially('d');
    await expect(nameError).toHaveCount(0);

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid work email address')).toBeVisible();
    await expect(page.getByText('Please choose a subject')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeFocused();
  });

  test('the department links open a prefilled e-mail draft', async ({ page }) => {
    await page.goto('/contact');
    const departments = page.getByRole('complementary', { name: 'Contact by Department' });
    const links = departments.getByRole('link');
    await expect(links).toHaveCount(3);
    const sales = await links.nth(0).getAttribute('href');
    expect(sales).toMatch(/^mailto:[^?]+@[^?]+\?subject=[^&]+&body=/);
    await expect(links.nth(0)).toContainText('Sales & Demos');
    await expect(links.nth(1)).toContainText('Security Support');
    await expect(links.nth(2)).toContainText('Partnerships');
  });

  test('the contact page has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please choose a subject')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
