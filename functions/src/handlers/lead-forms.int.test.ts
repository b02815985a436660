import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf, type Handler, sampleBody } from '../../test/events.ts';
import {
  emailsTo,
  type IntegrationEnv,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';

const CASES = [
  { form: 'partner', emailField: 'email', subject: /^Partner application: .+ - CloudGuard/ },
  { form: 'demo', emailField: 'workEmail', subject: /^Demo request: Technical Deep Dive - / },
  { form: 'beta-access', emailField: 'workEmail', subject: /^Beta access request: .+ - / },
  { form: 'download', emailField: 'email', subject: /^Research download: .+ - / },
] as const;

let env: IntegrationEnv;
let documents: DynamoDBDocumentClient;
const handlers = new Map<string, Handler>();

beforeAll(async () => {
  env = await useEmulators('forms');
  process.env.SITE_ORIGIN = 'https://www.kryon.example';
  documents = DynamoDBDocumentClient.from(env.dynamo);
  for (const { form } of CASES) {
    handlers.set(form, ((await import(`./${form}.ts`)) as { handler: Handler }).handler);
  }
});

async function post(form: string, body: unknown, key = uniqueKey()) {
  const handler = handlers.get(form);
  if (!handler) throw new Error(`no handler for ${form}`);
  return handler(
    apiEvent({ path: `/api/email/${form}`, body, headers: { 'idempotency-key': key } }),
  );
}

describe.each(CASES)(
  'POST /api/email/$form against the emulators',
  ({ form, emailField, subject }) => {
    it('stores the lead and e-mails sales with Reply-To the visitor', async () => {
      const email = uniqueEmail(form);
      const key = uniqueKey();
      const response = await post(form, { ...sampleBody(form), [emailField]: email }, key);

      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toMatchObject({
        success: true,
        message: SUCCESS_MESSAGES[form],
      });
      const { Item } = await documents.send(
        new GetCommand({
          TableName: env.tableName,
          Key: { pk: `LEAD#${form}#${key}`, sk: 'LEAD' },
          ConsistentRead: true,
        }),
      );
      expect(Item).toMatchObject({ form, emailStatus: 'sent', spam: false });
      expect((Item?.fields as Record<string, unknown> | undefined)?.[emailField]).toBe(email);

      const sales = (await emailsTo(env.sesUrl, email)).filter((e) =>
        e.destination.to.includes('sales@kryon.example'),
      );
      expect(sales).toHaveLength(1);
      expect(sales[0]?.subject).toMatch(subject);
    });

    it('answers invalid input with 400 and field messages, storing nothing', async () => {
      const response = await post(form, { ...sampleBody(form), [emailField]: 'not-an-address' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys((bodyOf(response).details ?? {}) as object)).toContain(emailField);
    });
  },
);

describe('the research download', () => {
  it('e-mails the visitor the item link on the site origin', async () => {
    const email = uniqueEmail('reader');
    const body: Record<string, unknown> = { ...sampleBody('download'), email };
    const response = await post('download', body);
    expect(response.statusCode).toBe(200);

    const response2 = await fetch(`${env.sesUrl}/store`);
    const { emails } = (await response2.json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
    };
    const mine = emails.filter((e) => e.destination.to.includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body.text).toContain(
      `https://www.kryon.example/downloads/${String(body.researchId)}.pdf`,
    );
  });
});
