import { API_PATHS } from '@kryon/shared/api';
import { expect, test } from './fixtures.ts';
import { emailsMentioning } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { runOnStack } from './stack-cli.ts';

/*
 * A script posting many leads without the browser check cannot flood the sales inbox: past
 * the hourly number e-mailed one by one (10 by default, over all forms and every journey of
 * the run), each is stored and held, and the re-send sends them to sales as one digest.
 */

const POSTS = 15;
const ONE_BY_ONE_AT_MOST = 10;

test('a flood of unverified posts reaches sales as a few e-mails and one digest listing the rest', async ({
  request,
  page,
}) => {
  const marker = `Flood${Date.now()}`;
  const addresses = Array.from(
    { length: POSTS },
    (_, i) => `${marker.toLowerCase()}.${i}@example.com`,
  );
  for (const [i, email] of addresses.entries()) {
    const response = await request.post(API_PATHS.contact, {
      data: {
        name: 'Scripted Sender',
        email,
        company: `${marker} ${i} https://evil.example`,
        subject: 'demo',
        message: 'Posted by a script, without the browser check.',
      },
    });
    expect(response.status()).toBe(200);
  }

  const alone = (await emailsMentioning(marker)).filter((e) => !e.subject.startsWith('Digest:'));
  expect(alone.length).toBeLessThanOrEqual(ONE_BY_ONE_AT_MOST);
  expect(await emailsMentioning(marker)).toHaveLength(alone.length);

  const output = await runOnStack('leads:resend', ['--digest-now']);
  expect(output).toMatch(/Digests of held unverified leads sent: 1 /);

  const digests = (await emailsMentioning(marker)).filter((e) => e.subject.startsWith('Digest:'));
  expect(digests).toHaveLength(1);
  const [digest] = digests;
  expect(digest?.destination.to).toEqual(['sales@kryon.example']);

  // Every lead accounted for: in its own e-mail, or in the digest, whose id it carries.
  let inDigest = 0;
  for (const email of addresses) {
    const [lead] = await leadsOf(email);
    const sales = lead?.emails?.M?.sales?.M;
    expect(lead?.emailStatus?.S, email).toBe('sent');
    if (sales?.via?.S === 'digest') {
      inDigest += 1;
      expect(sales.messageId?.S).toBe(digest?.messageId);
      expect(digest?.body.text).toContain(`Submission: ${lead?.submissionId?.S}\n`);
    } else {
      expect(
        alone.some((e) => e.replyTo.includes(email)),
        email,
      ).toBe(true);
    }
  }
  expect(inDigest).toBe(POSTS - alone.length);
  expect(inDigest).toBeGreaterThanOrEqual(POSTS - ONE_BY_ONE_AT_MOST);

  // As sales read it: the typed company quoted, its link neither a link nor a working URL.
  await page.setContent(digest?.body.html ?? '');
  // The run's other journeys may have held leads of their own: the digest lists them too.
  const listed = Number.parseInt(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
    10,
  );
  expect(listed).toBeGreaterThanOrEqual(inDigest);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(`“${marker}`).first()).toContainText('hxxps://evil[.]example”');
});
