import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { IP_RATE_LIMIT } from '@kryon/shared/constants';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiEvent,
  bodyOf,
  contactBody,
  contactEvent,
  type Handler,
  nextClientIp,
} from '../../test/events.ts';
import {
  emailsTo,
  type IntegrationEnv,
  rawMessage,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';
import type { HttpResponse } from '../http/responses.ts';
import { emailHash } from '../leads/hash.ts';

let env: IntegrationEnv;
let documents: DynamoDBDocumentClient;
let handler: Handler;

beforeAll(async () => {
  env = await useEmulators('contact');
  // Dozens of unverified posts, each checked for its own sales e-mail: the hourly digest of
  // held ones has its own tests (leads/digest.int.test.ts).
  process.env.UNVERIFIED_SALES_MAIL_PER_HOUR = '1000';
  documents = DynamoDBDocumentClient.from(env.dynamo);
  ({ handler } = await import('./contact.ts'));
});

afterEach(() => {
  vi.useRealTimers();
});

async function storedLead(idempotencyKey: string) {
  const out = await documents.send(
    new GetCommand({
      TableName: env.tableName,
      Key: { pk: `LEAD#contact#${idempotencyKey}`, sk: 'LEAD' },
      ConsistentRead: true,
    }),
  );
  return out.Item;
}

/** Every lead of one visitor: this file's table is small, so a scan is fine. */
async function leadsOf(email: string) {
  const out = await documents.send(
    new ScanCommand({
      TableName: env.tableName,
      FilterExpression: 'entity = :lead AND emailHash = :hash',
      ExpressionAttributeValues: {
        ':lead': 'lead',
        ':hash': emailHash('integration-secret', email),
      },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

async function submit(body: Record<string, unknown>, key = uniqueKey(), sourceIp?: string) {
  return handler(
    sourceIp
      ? apiEvent({ body, headers: { 'idempotency-key': key }, sourceIp })
      : contactEvent(body, key),
  );
}

describe('POST /api/email/contact against dynalite and aws-ses-v2-local', () => {
  it('stores the lead and delivers the sales e-mail with Reply-To the visitor', async () => {
    const email = uniqueEmail('stored');
    const key = uniqueKey();
    const response = await submit(contactBody({ email }), key);

    expect(response.statusCode).toBe(200);
    const body = bodyOf(response);
    expect(body).toMatchObject({ success: true, message: SUCCESS_MESSAGES.contact });

    const [sent, ...more] = await emailsTo(env.sesUrl, email);
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({
      from: 'Kryon Website <no-reply@kryon.example>',
      replyTo: [email],
      destination: { to: ['sales@kryon.example'], cc: [], bcc: [] },
      subject: 'Contact · Request Demo · from “Analytical Engines”',
    });
    expect(sent?.body.text).toContain('We run 40 AWS accounts and would like a demo.');
    expect(sent?.body.html).toContain(email);

    const item = await storedLead(key);
    expect(item).toMatchObject({
      entity: 'lead',
      form: 'contact',
      submissionId: body.submissionId,
      createdAt: body.timestamp,
      idempotencyKey: key,
      fields: {
        name: 'Ada Lovelace',
        email,
        company: 'Analytical Engines',
        subject: 'demo',
        message: 'We run 40 AWS accounts and would like a demo.',
        phone: '+44 20 7946 0958',
      },
      spam: false,
      emailStatus: 'sent',
      emails: { sales: { status: 'sent', attempts: 1, messageId: sent?.messageId } },
    });
    // Delivered: off the re-send list, lease released.
    expect(item).not.toHaveProperty('resendPartition');
    expect(item).not.toHaveProperty('leaseToken');
    expect(item?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(item)).not.toContain('198.18.');
  });

  it('refuses the 4th submission for one e-mail from one client within 60 s with 429', async () => {
    const email = uniqueEmail('fourth');
    const client = nextClientIp();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await submit(contactBody({ email }), uniqueKey(), client)).statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await submit(contactBody({ email }), uniqueKey(), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(bodyOf(refused)).toEqual({ success: false, message: ERROR_MESSAGES.rateLimited });
    expect(await leadsOf(email)).toHaveLength(3);
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(3);
  });

  it('counts case and +tag variants of an address against one budget', async () => {
    const email = uniqueEmail('variants');
    const [local, domain] = email.split('@');
    const variants = [email, email.toUpperCase(), `${local}+a@${domain}`, `${local}+b@${domain}`];
    const client = nextClientIp();
    const statuses = [];
    for (const variant of variants) {
      statuses.push(
        (await submit(contactBody({ email: variant }), uniqueKey(), client)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('opens a new window once 60 s have passed since the first submission', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const email = uniqueEmail('window');
    const client = nextClientIp();
    const send = () => submit(contactBody({ email }), uniqueKey(), client);
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);

    vi.setSystemTime(start + 59_000);
    expect((await send()).statusCode).toBe(429);
    vi.setSystemTime(start + 60_000);
    expect((await send()).statusCode).toBe(200);
  });

  it.each([20, 50])(
    'accepts exactly 3 of %i concurrent submissions for one e-mail from one client',
    async (n) => {
      const email = uniqueEmail('burst');
      // An IPv6 client: one /64, so the client budget (20) is not what refuses them.
      const responses = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          submit(contactBody({ email }), uniqueKey(), `2001:db8:${n}:2::${i + 1}`),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);

      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(n - 3);
      expect(await leadsOf(email)).toHaveLength(3);
      expect(await emailsTo(env.sesUrl, email)).toHaveLength(3);
    },
  );

  it('accepts exactly 20 of 30 concurrent submissions from one client, whatever the e-mails', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        handler(
          apiEvent({
            body: contactBody({ email: uniqueEmail(`client${i}`) }),
            sourceIp: '2001:db8:77:1::1',
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(IP_RATE_LIMIT.max);
    // The same answer as the per-e-mail limit: a client cannot tell which budget ran out.
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(30 - IP_RATE_LIMIT.max);
    expect(bodyOf(refused[0] as HttpResponse)).toEqual({
      success: false,
      message: ERROR_MESSAGES.rateLimited,
    });
  });

  it('stores and mails once for the same Idempotency-Key sent twice', async () => {
    const email = uniqueEmail('replay');
    const key = uniqueKey();
    const first = await submit(contactBody({ email }), key);
    const second = await submit(contactBody({ email }), key);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(bodyOf(second)).toEqual(bodyOf(first));
    expect(await leadsOf(email)).toHaveLength(1);
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(1);
  });

  it('stores and mails once when the same Idempotency-Key arrives twice at once', async () => {
    const email = uniqueEmail('race');
    const key = uniqueKey();
    const [a, b] = await Promise.all([
      submit(contactBody({ email }), key),
      submit(contactBody({ email }), key),
    ]);

    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(bodyOf(a as NonNullable<typeof a>).submissionId).toBe(
      bodyOf(b as NonNullable<typeof b>).submissionId,
    );
    expect(await leadsOf(email)).toHaveLength(1);
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(1);
  });

  it('answers 409 for the same Idempotency-Key with other details, keeping the first', async () => {
    const email = uniqueEmail('conflict');
    const key = uniqueKey();
    await submit(contactBody({ email }), key);
    const response = await submit(contactBody({ email, subject: 'pricing' }), key);

    expect(response.statusCode).toBe(409);
    expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.conflict });
    expect((await storedLead(key))?.fields).toMatchObject({ subject: 'demo' });
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(1);
  });

  it('keeps CR/LF out of the headers and escapes HTML in the body', async () => {
    const email = uniqueEmail('inject');
    const response = await submit(
      contactBody({
        email,
        name: 'Mallory\r\nBcc: victim@evil.example',
        company: 'Acme\r\nX-Injected: yes',
        message: 'Hi <img src=x onerror="alert(1)"> & <script>alert(\'x\')</script>\r\nBye',
      }),
    );
    expect(response.statusCode).toBe(200);

    const [sent] = await emailsTo(env.sesUrl, email);
    if (!sent) throw new Error('no e-mail was sent');
    expect(sent.destination).toEqual({ to: ['sales@kryon.example'], cc: [], bcc: [] });
    expect(sent.subject).toBe('Contact · Request Demo · from “Acme X-Injected: yes”');
    expect(sent.subject).not.toMatch(/[\r\n]/);
    expect(sent.replyTo).toEqual([email]);

    const html = sent.body.html ?? '';
    expect(html).not.toMatch(/<(img|script)\b/i);
    expect(html).toContain(
      'img src=x onerror=&quot;alert(1)&quot; &amp; scriptalert(&#39;x&#39;)/script',
    );
    expect(sent.body.text).toContain(
      '> Hi img src=x onerror="alert(1)" & scriptalert(\'x\')/script\n> Bye',
    );

    // The message as MIME: no header line was added by the visitor's text.
    const mime = await rawMessage(env.sesUrl, sent.messageId);
    const headers = mime.slice(0, mime.search(/\r?\n\r?\n/));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(headers).not.toMatch(/^x-injected:/im);
    expect(headers).toMatch(/^subject:/im);
  });

  it('refuses a subject that is not one of the options, line breaks and all', async () => {
    const email = uniqueEmail('subject');
    const response = await submit(
      contactBody({ email, subject: 'demo\r\nBcc: victim@evil.example' }),
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).details).toEqual({ subject: ['Please choose a subject'] });
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(0);
  });

  it('stores a honeypot submission as spam, answers 200 and sends nothing', async () => {
    const email = uniqueEmail('honeypot');
    const key = uniqueKey();
    const response = await submit(contactBody({ email, website: 'https://spam.example' }), key);

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).success).toBe(true);
    expect(await storedLead(key)).toMatchObject({ spam: true });
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(0);
  });
});
