import { request as httpRequest } from 'node:http';
import { API_PATHS } from '@kryon/shared/api';
import { E2E_PORTS } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { emailsMentioning } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { runOnStack } from './stack-cli.ts';

/*
 * A script posting many leads without the browser check cannot flood the sales inbox: past
 * the hourly number e-mailed one by one (10 by default, over all forms and every journey of
 * the run), each is stored and held, and the re-send sends them to sales as one digest. The
 * digest lists the first few leads of each client network an hour and counts the rest of that
 * network on one line (decision 074); the local server takes the socket's address as the
 * client's, so the posts below come from loopback addresses no other journey uses.
 */

const POSTS = 15;
const ONE_BY_ONE_AT_MOST = 10;
/** Posts from one client network past those POSTS; the digest lists 5 a network an hour. */
const ONE_NETWORK = 7;
const LISTED_PER_NETWORK = 5;

/** Posts a contact lead from one loopback address, as a script on that address would. */
function postFrom(localAddress: string, data: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(data);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORTS.site,
        path: API_PATHS.contact,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('a flood of unverified posts reaches sales as a few e-mails and one digest listing the rest', async ({
  page,
}) => {
  const marker = `Flood${Date.now()}`;
  const lead = (email: string, i: number) => ({
    name: 'Scripted Sender',
    email,
    company: `${marker} ${i} https://evil.example`,
    subject: 'demo',
    message: 'Posted by a script, without the browser check.',
  });
  // Each from a network of its own: every one of them that is held is listed.
  const addresses = Array.from(
    { length: POSTS },
    (_, i) => `${marker.toLowerCase()}.${i}@example.com`,
  );
  for (const [i, email] of addresses.entries()) {
    expect(await postFrom(`127.0.1.${i + 1}`, lead(email, i))).toBe(200);
  }
  // Then more from one network than a digest lists of it: held, as the hour's single
  // e-mails are spent by now.
  const sameNetwork = Array.from(
    { length: ONE_NETWORK },
    (_, i) => `${marker.toLowerCase()}.net.${i}@example.com`,
  );
  for (const [i, email] of sameNetwork.entries()) {
    expect(await postFrom('127.0.2.1', lead(email, POSTS + i))).toBe(200);
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
    const [stored] = await leadsOf(email);
    const sales = stored?.emails?.M?.sales?.M;
    expect(stored?.emailStatus?.S, email).toBe('sent');
    if (sales?.via?.S === 'digest') {
      inDigest += 1;
      expect(sales.messageId?.S).toBe(digest?.messageId);
      expect(digest?.body.text).toContain(`Submission: ${stored?.submissionId?.S}\n`);
    } else {
      expect(
        alone.some((e) => e.replyTo.includes(email)),
        email,
      ).toBe(true);
    }
  }
  expect(inDigest).toBe(POSTS - alone.length);
  expect(inDigest).toBeGreaterThanOrEqual(POSTS - ONE_BY_ONE_AT_MOST);

  // The one network: its first five listed, the rest counted in the same digest, none lost.
  const network = await Promise.all(sameNetwork.map(async (email) => (await leadsOf(email))[0]));
  const listedOfNetwork = network.filter((s) => s?.emails?.M?.sales?.M?.via?.S === 'digest');
  const countedOfNetwork = network.filter((s) => s?.emails?.M?.sales?.M?.via?.S === 'digest-count');
  expect(listedOfNetwork).toHaveLength(LISTED_PER_NETWORK);
  expect(countedOfNetwork).toHaveLength(ONE_NETWORK - LISTED_PER_NETWORK);
  for (const stored of network) {
    expect(stored?.emailStatus?.S).toBe('sent');
    expect(stored?.emails?.M?.sales?.M?.messageId?.S).toBe(digest?.messageId);
  }
  for (const stored of countedOfNetwork) {
    expect(digest?.body.text).not.toContain(`Submission: ${stored?.submissionId?.S}\n`);
  }
  expect(digest?.body.text).toMatch(
    new RegExp(`^And ${ONE_NETWORK - LISTED_PER_NETWORK} more from one client network`, 'm'),
  );

  // As sales read it: the typed company quoted, its link neither a link nor a working URL.
  await page.setContent(digest?.body.html ?? '');
  // The run's other journeys may have held leads of their own: the digest lists them too.
  const listed = Number.parseInt(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
    10,
  );
  expect(listed).toBeGreaterThanOrEqual(inDigest + LISTED_PER_NETWORK);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(`“${marker}`).first()).toContainText('hxxps://evil[.]example”');
  await expect(
    page.getByText(`And ${ONE_NETWORK - LISTED_PER_NETWORK} more from one client network`),
  ).toBeVisible();
});
