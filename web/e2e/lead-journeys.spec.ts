import { REQUEST } from '@kryon/shared/constants';
import { fieldErrors } from '@kryon/shared/field-errors';
import { betaAccessSchema } from '@kryon/shared/forms/beta-access';
import { demoSchema } from '@kryon/shared/forms/demo';
import type { Locator, Page } from '@playwright/test';
import type * as z from 'zod/mini';
import { axeViolations } from './axe.ts';
import { expect, reachIsland, test } from './fixtures.ts';
import { emailsMentioning, uniqueEmail, visitorEmails } from './inbox.ts';
import { waitLikeAPerson } from './person.ts';

const PARTNER_SUCCESS = 'We will review it and get back to you within 2-3 business days.';
const BETA_CONSENT =
  'I understand this beta program is invite only and all requests will be reviewed for qualification';
const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
/**
 * How long a form keeps trying before it shows a failure: the client's retries with their
 * delays, plus room for a busy machine. Playwright's default 5 s is less than that under load.
 */
const RETRIES_EXHAUSTED = { timeout: REQUEST.retries * REQUEST.retryDelayMs + 5_000 };

/** Fails the test if the page ever opens a browser dialog (docs/decisions/007). */
function refuseDialogs(page: Page) {
  page.on('dialog', async (dialog) => {
    await dialog.dismiss();
    throw new Error(`Unexpected browser dialog: ${dialog.message()}`);
  });
}

/** Presses Tab until `target` has focus: proves it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The e-mails to sales about this visitor: they reply to the visitor's address. */
async function salesEmails(email: string) {
  return (await emailsMentioning(email)).filter((sent) => sent.replyTo.includes(email));
}

/** The first message of each field the schema refuses in `input`: what an empty form shows. */
function messagesFor(schema: z.ZodMiniType, input: Record<string, unknown>): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return Object.values(fieldErrors(result.error)).flatMap((messages) => messages.slice(0, 1));
}

/** Cuts the API off: every request fails as if the network were down. */
async function apiDown(page: Page, path: string) {
  const keys: string[] = [];
  await page.route(`**${path}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.abort('connectionrefused');
  });
  return keys;
}

/** Console errors and uncaught exceptions, hydration errors included. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// ---------------------------------------------------------------------------------------
// /become-partner
// ---------------------------------------------------------------------------------------

/**
 * Chooses a demo as a visitor does, and waits until the page has brought the form into view
 * (it scrolls there and focuses the form's heading a moment after the choice): a press made
 * while the page still scrolls lands wherever the scroll has taken the button.
 */
async function chooseDemo(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Request Your Demo' })).toBeFocused();
}

async function fillPartner(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('textbox', { name: /^Company/ }).fill('Cobol Partners');
  await page.getByLabel('Position').fill('Head of Alliances');
  await page.getByLabel('Company size').selectOption('51-200');
  await page.getByLabel('Industry').selectOption('technology');
  await page.getByLabel('Phone').fill('+1 (555) 123-4567');
  await page.getByRole('checkbox', { name: 'Reseller' }).check();
  await page.getByRole('checkbox', { name: 'Managed Security Services (MSSP)' }).check();
  await page
    .getByRole('textbox', { name: /About your company/ })
    .fill('We resell cloud security to 40 mid-sized AWS customers.');
}

test.describe('partner application', () => {
  test('an application reaches the partnerships inbox and the form gives way to the answer', async ({
    page,
  }) => {
    refuseDialogs(page);
    const email = uniqueEmail('grace');
    await page.goto('/become-partner');
    await reachIsland(page, 'partner-form');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Kryon Partner');

    await fillPartner(page, email);
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const status = page.getByRole('status').filter({ hasText: 'Application Received' });
    await expect(status).toContainText(PARTNER_SUCCESS);
    // Said because it is true: the form solved its browser check (the inbox below shows it).
    await expect(status).toContainText('We have e-mailed you a confirmation.');
    await expect(status).toBeFocused();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await expect.poll(async () => (await salesEmails(email)).length).toBe(1);
    const [sent] = await salesEmails(email);
    expect(JSON.stringify(sent?.body)).toContain('Grace Hopper');
    // The applicant's own confirmation, sent only because the form solved its browser check.
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);

    // The draft went with the accepted application.
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('errors appear when a field is left or on submit, typing clears them', async ({ page }) => {
    await page.goto('/become-partner');
    await reachIsland(page, 'partner-form');
    const position = page.getByLabel('Position');
    await position.focus();
    await position.blur();
    await expect(page.getByText('Position is required')).toBeVisible();
    await expect(position).toHaveAttribute('aria-invalid', 'true');
    await expect(position).toHaveAccessibleDescription(/Position is required/);
    await position.pressSequentially('C');
    await expect(page.getByText('Position is required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Please enter your full name (minimum 2 characters)',
      'Please enter a valid work email address',
      'Company name is required',
      'Please select company size',
      'Please select an industry',
      'Please enter a valid phone number',
      'Please select at least one interest',
      'Message must be at least 10 characters long',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(
      page.getByRole('group', { name: /Partnership interests/ }),
    ).toHaveAccessibleDescription(/Please select at least one interest/);
  });

  test('with the API down the failure is shown in the page and nothing typed is lost', async ({
    page,
  }) => {
    refuseDialogs(page);
    await page.goto('/become-partner');
    await reachIsland(page, 'partner-form');
    const keys = await apiDown(page, '/api/email/partner');
    await fillPartner(page, uniqueEmail('grace'));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('button', { name: 'Submitting…' })).toBeDisabled();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your application was not sent', RETRIES_EXHAUSTED);
    await expect(alert).toContainText(NETWORK_ERROR);
    // One attempt and three retries, all carrying the same Idempotency-Key.
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\w-]{8,128}$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
    await expect(page.getByRole('checkbox', { name: 'Reseller' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });

  test('a draft survives a reload', async ({ page }) => {
    await page.goto('/become-partner');
    await reachIsland(page, 'partner-form');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByRole('checkbox', { name: 'Referral Partner' }).check();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
    await expect(page.getByRole('checkbox', { name: 'Referral Partner' })).toBeChecked();
    await expect(page.getByText('We restored the answers you had not sent yet.')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------
// /request-access
// ---------------------------------------------------------------------------------------

async function fillBeta(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Katherine Johnson');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('textbox', { name: /^Company/ }).fill('Orbital Mechanics');
  await page.getByLabel('Job title').fill('Head of Cloud Security');
  await page.getByLabel('AWS environment size').selectOption('100+');
  await page.getByRole('checkbox', { name: 'Government & Public Sector' }).check();
  await page
    .getByLabel(/biggest AWS security challenges/)
    .fill('Cross-account trust sprawl in 140 accounts we inherited.');
  await page
    .getByLabel(/Why Kryon/)
    .fill('Attack paths across accounts are exactly what our current tools miss.');
  await page.getByRole('checkbox', { name: BETA_CONSENT }).check();
}

test.describe('private beta request', () => {
  test('the page shows the programme, and a request reaches the inbox', async ({ page }) => {
    refuseDialogs(page);
    const email = uniqueEmail('katherine');
    await page.goto('/request-access');
    await reachIsland(page, 'beta-form');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation Request');
    for (const figure of ['25', '2-5 days', '50+']) {
      await expect(page.locator('.lead-figures').getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('AWS accounts preferred', { exact: true })).toBeVisible();
    const features = page.locator('section', {
      has: page.getByRole('heading', { name: 'Early access, shaped with you' }),
    });
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'Selection criteria' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(page.getByText(BETA_CONSENT)).toBeVisible();

    await fillBeta(page, email);
    await page.getByLabel(/Anything else/).fill('We are moving to AWS Organizations next quarter.');
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();

    const status = page.getByRole('status').filter({ hasText: 'Request Received' });
    await expect(status).toContainText('under review');
    await expect(status).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Schedule a Demo' })).toHaveAttribute(
      'href',
      '/demo',
    );
    await expect(page.getByRole('link', { name: 'Explore Security Intelligence' })).toHaveAttribute(
      'href',
      '/security-intelligence',
    );
    const follow = page.getByRole('link', { name: /Follow for Updates/ });
    await expect(follow).toHaveAttribute('target', '_blank');
    await expect(follow).toHaveAttribute('href', /linkedin\.com/);

    expect(await axeViolations(page)).toEqual([]);

    await expect.poll(async () => (await salesEmails(email)).length).toBe(1);
    const [sent] = await salesEmails(email);
    expect(JSON.stringify(sent?.body)).toContain('Katherine Johnson');
    // The requester's own confirmation, sent only because the form solved its browser check.
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);

    // The draft went with the accepted request.
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('an empty request shows every message of the schema, first field focused', async ({
    page,
  }) => {
    await page.goto('/request-access');
    await reachIsland(page, 'beta-form');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const messages = messagesFor(betaAccessSchema, {});
    expect(messages.length).toBeGreaterThanOrEqual(8);
    for (const message of messages) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
  });

  test('each field is checked for 300 ms, each section counts its progress, the extra section waits', async ({
    page,
  }) => {
    await page.goto('/request-access');
    await reachIsland(page, 'beta-form');
    const name = page.getByLabel('Full name');
    const badge = page.locator('#beta-fullName-check');
    const contact = page.getByRole('group', { name: /Contact Information/ });
    await expect(contact).toContainText('0/4 completed');
    await expect(contact).toContainText('In Progress');

    // Record every text the badge shows: the 300 ms "Checking…" state is brief, and a loaded
    // machine can poll past it, so the test reads the sequence instead of racing it.
    await badge.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { badgeTexts: string[] }).badgeTexts = seen;
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await name.pressSequentially('K');
    await expect(badge).toHaveText('Invalid');
    const texts = await page.evaluate(
      () => (window as unknown as { badgeTexts: string[] }).badgeTexts,
    );
    expect(texts.indexOf('Checking…')).toBeGreaterThanOrEqual(0);
    expect(texts.lastIndexOf('Invalid')).toBeGreaterThan(texts.indexOf('Checking…'));
    await expect(name).toHaveAccessibleDescription(/Invalid/);
    await name.pressSequentially('atherine');
    await expect(badge).toHaveText('Valid');
    await expect(contact).toContainText('1/4 completed');

    await page.getByLabel('Work email').fill('kj@gmail.com');
    await expect(page.locator('#beta-workEmail-check')).toHaveText('Invalid');
    await page.getByLabel('Work email').blur();
    await expect(page.getByText('Please use your business email address')).toBeVisible();

    await expect(page.getByRole('group', { name: /Additional Information/ })).toHaveCount(0);
    await fillBeta(page, uniqueEmail('katherine'));
    for (const [section, count] of [
      ['Contact Information', '4/4'],
      ['Environment Details', '2/2'],
      ['Qualification Questions', '2/2'],
      ['Program Agreement', '1/1'],
    ] as const) {
      const group = page.getByRole('group', { name: new RegExp(section) });
      await expect(group).toContainText(`${count} completed`);
      await expect(group).toContainText('Complete');
    }
    await expect(page.getByRole('group', { name: /Additional Information/ })).toBeVisible();
    await page.getByRole('checkbox', { name: BETA_CONSENT }).uncheck();
    await expect(page.getByRole('group', { name: /Additional Information/ })).toHaveCount(0);
    await expect(page.getByRole('group', { name: /Program Agreement/ })).toContainText(
      'In Progress',
    );
  });

  test('with the API down the failure is shown in the page, never in an alert dialog', async ({
    page,
  }) => {
    refuseDialogs(page);
    await page.goto('/request-access');
    await reachIsland(page, 'beta-form');
    await apiDown(page, '/api/email/beta-access');
    await fillBeta(page, uniqueEmail('katherine'));
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your request was not sent', RETRIES_EXHAUSTED);
    await expect(alert).toContainText(NETWORK_ERROR);
    await expect(page.getByLabel('Full name')).toHaveValue('Katherine Johnson');
    await expect(page.getByRole('checkbox', { name: BETA_CONSENT })).toBeChecked();

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Katherine Johnson');
    await expect(page.getByRole('checkbox', { name: 'Government & Public Sector' })).toBeChecked();
  });
});

// ---------------------------------------------------------------------------------------
// /demo
// ---------------------------------------------------------------------------------------

const banner = (page: Page) => page.getByRole('complementary', { name: 'Your selected demo' });

test.describe('demo request', () => {
  test('choosing a demo marks it, opens the form, then shows the banner after 500 ms', async ({
    page,
  }) => {
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See Kryon in Action');
    await expect(page.getByRole('heading', { name: 'Select a Demo Type Above' })).toBeVisible();
    await expect(page.getByText('MOST POPULAR')).toBeVisible();
    const modules = page.locator('section', {
      has: page.getByRole('heading', { name: 'Platform Modules' }),
    });
    await expect(modules.getByRole('heading', { level: 3 })).toHaveText([
      'Kryon Core',
      'Kryon Graph',
      'Kryon Vuln',
      'Kryon IAM',
    ]);

    // The page itself times the banner from the click, so a slow test machine can only make
    // the delay look longer, never shorter: the check cannot race its 500 ms window.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => {
          const clicked = performance.now();
          const observer = new MutationObserver(() => {
            if (!document.querySelector('aside[aria-label="Your selected demo"]')) return;
            (window as { bannerDelay?: number }).bannerDelay = performance.now() - clicked;
            observer.disconnect();
          });
          observer.observe(document.body, { childList: true, subtree: true });
        },
        { once: true, capture: true },
      );
    });
    await page.getByRole('button', { name: 'Select Technical Demo' }).click();
    const card = page.getByRole('article', { name: 'Technical Deep Dive' });
    await expect(card.getByText('SELECTED', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText('Technical Demo Selected');

    // The form section scrolls into view, under the sticky header.
    const section = page.locator('#demo-request-form-section');
    await expect
      .poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(160);
    await expect(page.getByRole('heading', { name: 'Request Your Demo' })).toBeFocused();
    await expect(section.getByText('Your data is encrypted and never shared')).toBeVisible();
    await expect(section.getByText('Response within 24 hours')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'What happens next?' })).toBeVisible();

    await expect(banner(page)).toBeVisible();
    const delay = await page.evaluate(() => (window as { bannerDelay?: number }).bannerDelay);
    expect(delay).toBeGreaterThanOrEqual(500);
    await expect(banner(page)).toContainText('Technical Deep Dive');
    await expect(banner(page)).toContainText('45 minutes');
    await expect(banner(page)).toContainText('Complete Demo Request →');

    await banner(page).getByRole('button', { name: 'Show details' }).click();
    await expect(banner(page)).toContainText('Security Engineers, Architects, Technical Leaders');
    await expect(banner(page).getByRole('listitem')).toHaveCount(3);
    await expect(banner(page)).toContainText('+2 more features');

    // The choice can change; the banner follows it and keeps the demo's colour.
    await page.getByRole('button', { name: 'Select Executive Demo' }).click();
    await expect(page.getByRole('button', { name: 'Executive Demo Selected' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select Technical Demo' })).toBeVisible();
    await expect(banner(page)).toContainText('Executive Overview');
    await expect(banner(page)).toHaveClass(/lead-tone--violet/);

    await page.mouse.wheel(0, -4000);
    await banner(page)
      .getByRole('button', { name: /Complete Demo Request/ })
      .click();
    await expect
      .poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(260);

    await banner(page)
      .getByRole('button', { name: /Dismiss/ })
      .click();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Select Hands-On Demo' }).click();
    await page.waitForTimeout(800);
    await expect(banner(page)).toHaveCount(0);
  });

  test('a visitor completes the demo form with the keyboard alone; success, toast and reset', async ({
    page,
  }) => {
    refuseDialogs(page);
    const email = uniqueEmail('ada');
    await page.goto('/demo');

    await tabTo(page, page.getByRole('button', { name: 'Select Technical Demo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Request Your Demo' })).toBeFocused();

    const type = async (label: Locator, text: string) => {
      await tabTo(page, label);
      await page.keyboard.type(text);
    };
    const choose = async (select: Locator, typed: string, value: string) => {
      await tabTo(page, select);
      await page.keyboard.type(typed);
      await expect(select).toHaveValue(value);
    };
    const tick = async (box: Locator) => {
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    };

    await type(page.getByLabel('Full name'), 'Ada Lovelace');
    await type(page.getByLabel('Work email'), email);
    await type(page.getByRole('textbox', { name: /^Company/ }), 'Analytical Engines');
    await type(page.getByLabel('Job title'), 'CISO');
    await choose(page.getByLabel('Company size'), 'Mid', 'midmarket');
    await choose(page.getByLabel(/^Industry/), 'Fin', 'financial-services');
    await expect(page.getByLabel('Demo type')).toHaveValue('technical');
    await choose(page.getByLabel(/How urgent/), 'ASAP', 'critical');
    await choose(page.getByLabel('Preferred timeframe'), 'Within 2', 'within-2-weeks');
    await tick(page.getByRole('checkbox', { name: 'Attack Path Mapping' }));
    await tick(page.getByRole('checkbox', { name: 'IAM & Identity Chain Analysis' }));
    await type(
      page.getByLabel(/Specific use cases/),
      'Map privilege escalation paths across 40 accounts.',
    );
    await choose(page.getByLabel('AWS environment size'), '21', '21-50');
    await tick(page.getByRole('checkbox', { name: 'Financial Services' }));
    await type(
      page.getByLabel(/biggest AWS security challenges/),
      'Too many findings and no idea which ones reach production data.',
    );
    await type(
      page.getByLabel(/Why Kryon/),
      'We need attack paths across accounts, not another list of findings.',
    );
    await tick(page.getByRole('checkbox', { name: /I agree that Kryon may process/ }));
    await waitLikeAPerson(page);
    await tabTo(page, page.getByRole('button', { name: 'Request Demo' }));
    await page.keyboard.press('Enter');

    const confirmation = page.getByRole('status').filter({ hasText: 'Demo Request Received' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText("We'll contact you within 24 hours to schedule.");
    await expect(confirmation).toContainText('Technical Deep Dive');
    await expect(confirmation).toContainText(email);
    await expect(confirmation.getByRole('listitem')).toHaveCount(4);
    await expect(
      confirmation.getByRole('link', { name: 'Explore Security Intelligence' }),
    ).toHaveAttribute('href', '/security-intelligence');
    await expect(confirmation.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    const toast = page.locator('.toast--success');
    await expect(toast).toHaveText('Technical Deep Dive Demo Submitted ✓');
    await expect(toast.locator('xpath=..')).toHaveAttribute('role', 'status');
    await expect(banner(page)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await expect.poll(async () => (await salesEmails(email)).length).toBe(1);
    const [sent] = await salesEmails(email);
    expect(JSON.stringify(sent?.body)).toContain('Ada Lovelace');
    // The visitor's own confirmation, sent only because the form solved its browser check.
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);

    await tabTo(page, page.getByRole('button', { name: 'Schedule Another Demo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Select a Demo Type Above' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select Technical Demo' })).toBeVisible();
    await expect(toast).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The draft went with the accepted request.
    await page.reload();
    await page.getByRole('button', { name: 'Select Technical Demo' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('an empty request shows every message of the schema, first field focused', async ({
    page,
  }) => {
    await page.goto('/demo');
    await chooseDemo(page, 'Select Technical Demo');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    const messages = messagesFor(demoSchema, { demoType: 'technical' });
    expect(messages.length).toBeGreaterThanOrEqual(12);
    for (const message of messages) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
  });

  test('with the API down the failure is shown and the request stays, also after a reload', async ({
    page,
  }) => {
    refuseDialogs(page);
    await page.goto('/demo');
    await apiDown(page, '/api/email/demo');
    await chooseDemo(page, 'Select Hands-On Demo');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    await expect(page.getByText('Work email is required')).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeFocused();

    await page.getByLabel('Work email').fill('ada@analytical-engines.example');
    await page.getByRole('textbox', { name: /^Company/ }).fill('Analytical Engines');
    await page.getByLabel('Job title').fill('CISO');
    await page.getByLabel('Company size').selectOption('enterprise');
    await page.getByLabel(/^Industry/).selectOption('technology');
    await page.getByLabel(/How urgent/).selectOption('low');
    await page.getByLabel('Preferred timeframe').selectOption('flexible');
    await page.getByRole('checkbox', { name: 'Threat Detection' }).check();
    await page.getByLabel(/Specific use cases/).fill('A workshop on our own staging organization.');
    await page.getByLabel('AWS environment size').selectOption('100+');
    await page.getByRole('checkbox', { name: 'Technology & Software' }).check();
    await page
      .getByLabel(/biggest AWS security challenges/)
      .fill('Nobody can say which roles reach production from CI.');
    await page
      .getByLabel(/Why Kryon/)
      .fill('Attack paths across accounts, explained to engineers.');
    await page.getByRole('checkbox', { name: /I agree that Kryon may process/ }).check();
    await page.getByRole('button', { name: 'Request Demo' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your demo request was not sent', RETRIES_EXHAUSTED);
    await expect(alert).toContainText(NETWORK_ERROR);
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(page.locator('.toast')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Hands-On Demo Selected' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('checkbox', { name: 'Threat Detection' })).toBeChecked();
  });
});

// ---------------------------------------------------------------------------------------
// All three pages
// ---------------------------------------------------------------------------------------

const PAGES = [
  { path: '/become-partner', island: 'partner-form', submit: 'Submit Application' },
  { path: '/request-access', island: 'beta-form', submit: 'Submit Request' },
  {
    path: '/demo',
    island: 'demo-request',
    submit: 'Request Demo',
    choose: 'Select Technical Demo',
  },
] as const;

test.describe('accessibility', () => {
  for (const { path, island, submit, ...rest } of PAGES) {
    test(`${path} has no axe violations, empty and with every error shown`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
      await reachIsland(page, island);
      if ('choose' in rest) {
        await chooseDemo(page, rest.choose);
        await expect(banner(page)).toBeVisible();
        await banner(page).getByRole('button', { name: 'Show details' }).click();
      }
      await page.getByRole('button', { name: submit }).click();
      await expect(page.locator('.field__error').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const { path, island, submit, ...rest } of PAGES) {
    test(`${path} fits 375 px without horizontal scrolling`, async ({ page }) => {
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(path);
      expect(await width()).toBeLessThanOrEqual(375);
      await reachIsland(page, island);
      if ('choose' in rest) {
        await chooseDemo(page, rest.choose);
        await expect(banner(page)).toBeVisible();
        await banner(page).getByRole('button', { name: 'Show details' }).click();
        const box = await banner(page).boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
      }
      await page.getByRole('button', { name: submit }).click();
      await expect(page.locator('.field__error').first()).toBeVisible();
      expect(await width()).toBeLessThanOrEqual(375);
    });
  }
});
