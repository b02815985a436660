import { E2E_PORTS } from '../playwright.config.ts';
import { fillContact } from './contact-form.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { waitLikeAPerson } from './person.ts';

const inbox = `http://127.0.0.1:${E2E_PORTS.webhooks}`;

/** A delivery as the inbox keeps it at /store (functions/local/webhook-inbox.ts). */
interface WebhookEntry {
  kind: 'slack' | 'webhook' | 'api';
  headers: Record<string, string>;
  body: string;
  verified: boolean;
}

async function storedWebhooks(): Promise<WebhookEntry[]> {
  const response = await fetch(`${inbox}/store`);
  return ((await response.json()) as { webhooks: WebhookEntry[] }).webhooks;
}

/*
 * A lead sent from the browser reaches the destinations of infra/environments/local.ts through
 * npm start's own event path (decisions 090 and 091): its Slack message, its signed webhook,
 * which the stack's webhook inbox verifies with the Standard Webhooks library, and its API
 * destination's call, whose key the inbox checks.
 */
test.describe('lead events', () => {
  test('a contact lead reaches the Slack channel, the signed webhook and the API, as the inbox shows', async ({
    page,
  }) => {
    const email = uniqueEmail('events');
    const company = `Events ${Date.now()} Ltd`;
    await page.goto('/contact');
    await fillContact(page, email, { name: 'Grace Hopper', company });
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent' })).toBeVisible();

    const ofThisLead = async () =>
      (await storedWebhooks()).filter((entry) => entry.body.includes(company));
    await expect
      .poll(async () => (await ofThisLead()).map((e) => e.kind).sort())
      .toEqual(['api', 'slack', 'webhook']);
    const entries = await ofThisLead();
    for (const entry of entries) expect(entry.verified).toBe(true);

    const webhook = entries.find((e) => e.kind === 'webhook');
    const event = JSON.parse(webhook?.body ?? '{}');
    expect(event).toMatchObject({
      version: 1,
      type: 'lead.accepted',
      form: 'contact',
      contact: { name: 'Grace Hopper', email, company },
    });
    // The id a receiver drops repeats by: the header is the body's.
    expect(webhook?.headers['webhook-id']).toBe(event.id);
    // The API gets the same event's JSON, unsigned, with its key (never kept by the inbox).
    const api = entries.find((e) => e.kind === 'api');
    expect(JSON.parse(api?.body ?? '{}')).toEqual(event);
    expect(api?.headers['x-api-key']).toBe('(checked)');

    // The channel gets who and from where, never the visitor's e-mail address.
    const slack = entries.find((e) => e.kind === 'slack');
    expect(slack?.body).toContain('Grace Hopper');
    expect(slack?.body).not.toContain(email);

    // The inbox draws the message as a person reads it in the channel (a page of the local
    // tooling, not of the site: opened without the site's readiness wait).
    const drawn = await page.context().newPage();
    await drawn.goto(inbox);
    await expect(drawn.getByText(`from “${company}”`).first()).toBeVisible();
    await drawn.close();
  });
});
