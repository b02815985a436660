import { expect, test } from './fixtures.ts';

const PAGES = [
  '/',
  '/features',
  '/what-we-are',
  '/security-intelligence',
  '/security-intelligence/identity-risks',
  '/security-intelligence/identity-risks/long-lived-access-keys',
  '/research-archive',
  '/contact',
  '/request-access',
  '/become-partner',
  '/demo',
  '/privacy',
  '/no-such-page',
];

test('every page works under the production Content-Security-Policy with no violations', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  for (const path of PAGES) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response?.headers()['x-content-type-options'], path).toBe('nosniff');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Under the policy, the site script runs and links lead on.
  await page.goto('/contact');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Features' })
    .click();
  await expect(page).toHaveURL('/features');

  // The 404 page logs its own failed status fetch, which is expected.
  expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
});
