/**
 * The SDK floor of one lead submission, for scripts/bench.ts: the AWS calls a form's handler
 * must make, made directly, in the handler's order and with its clients' configuration
 * (src/wiring.ts, src/adapters/dynamodb.ts, src/adapters/ses.ts), and nothing else:
 *
 *   UpdateItem (e-mail rate limit, opening a window) -> UpdateItem (client rate limit)
 *   -> PutItem (the browser check's challenge, claimed once)
 *   -> for a form that mails the visitor: UpdateItem (the address's daily budget, opening a
 *      window) -> UpdateItem x2 (the hourly ceiling, one key for every request: the open
 *      fails on the running window, then the count; visitor-mail.ts, dynamodb.ts)
 *   -> PutItem (the lead, conditional) -> SendEmail (sales), with SendEmail (visitor) beside
 *   it when the form sends one (deliver.ts sends them in parallel) -> UpdateItem (record sends)
 *
 * Everything the handler computes (validation, hashes, the e-mails' text) is done by
 * prepareFloor before the clock runs, so a floor call times the SDK and the emulators alone.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import { IP_RATE_LIMIT, RATE_LIMIT } from '@kryon/shared/constants';
import { leadKey, onceKey } from '../../src/adapters/dynamodb.ts';
import { PENDING_PARTITION } from '../../src/adapters/table-schema.ts';
import { audiencesOf, buildEmail, MAX_SEND_ATTEMPTS } from '../../src/leads/deliver.ts';
import { formDefinition } from '../../src/leads/forms.ts';
import { emailHash as hashEmail, keyedHash, sha256 } from '../../src/leads/hash.ts';
import type { Audience, MessageState, StoredLead } from '../../src/leads/ports.ts';
import { clientNetwork } from '../../src/leads/rate-limit.ts';
import type { VisitorMailBudgets } from '../../src/leads/visitor-mail.ts';

/** What makes one benchmark request distinct; the handler run and the floor use the same. */
export interface BenchRequest {
  /** The submission body, with the form's e-mail field set to this request's address. */
  body: Record<string, unknown>;
  sourceIp: string;
  idempotencyKey: string;
  userAgent: string;
}

export interface FloorConfig {
  tableName: string;
  mailFrom: string;
  recipients: string[];
  siteOrigin: string;
  reportLink: { key: string; days: number };
  hashSecret: string;
}

/** One request's inputs, ready to send. */
export interface FloorCall {
  emailKey: string;
  ipKey: string;
  /** The challenge token the handler claims. */
  onceKey: { pk: string; sk: string };
  onceOwner: string;
  /** The address's daily budget key, for a form that mails the visitor. */
  visitorKey?: string;
  item: Record<string, unknown>;
  key: { pk: string; sk: string };
  leaseToken: string;
  sends: { audience: Audience; input: SendEmailCommandInput }[];
}

/** As src/wiring.ts: SEND_LEASE_MS, and the default retention (RETENTION_DAYS unset). */
const SEND_LEASE_MS = 60_000;
const RETENTION_DAYS = 730;

/** The SendEmail calls of each form: `sales`, or `sales ‖ visitor` when it has visitorMessage. */
export function floorCalls(form: LeadForm): string {
  const definition = formDefinition(form);
  const sends = definition ? audiencesOf(definition).join(' ‖ ') : '?';
  const budgets = definition?.visitorMessage ? 'Update, Update×2, ' : '';
  return `Update, Update, Put, ${budgets}Put, Send(${sends}), Update`;
}

/** The handler's work done ahead of time: the lead item and the e-mails it would send. */
export function prepareFloor(
  form: LeadForm,
  requests: readonly BenchRequest[],
  config: FloorConfig,
): FloorCall[] {
  const definition = formDefinition(form);
  if (!definition) throw new Error(`no form definition for ${form}`);
  const audiences = audiencesOf(definition);
  return requests.map((request) => {
    const data = definition.schema.parse(request.body);
    const nowMs = Date.now();
    const createdAt = new Date(nowMs).toISOString();
    const submissionId = randomUUID();
    const emailHash = hashEmail(config.hashSecret, definition.visitorEmail(data));
    const lead: StoredLead = {
      form,
      submissionId,
      idempotencyKey: request.idempotencyKey,
      payloadHash: sha256(JSON.stringify(data)),
      createdAt,
      fields: data,
      emailHash,
      consent: definition.consent && {
        value: definition.consent.value(data),
        label: definition.consent.label,
        at: createdAt,
      },
      userAgent: request.userAgent.slice(0, 512),
      ipHash: keyedHash(config.hashSecret, request.sourceIp),
      spam: false,
      spamReason: undefined,
      fillMs: undefined,
      browserCheck: 'verified',
      emailStatus: 'pending',
      emails: Object.fromEntries(audiences.map((a) => [a, { status: 'pending', attempts: 0 }])),
      leaseToken: submissionId,
      leaseUntil: nowMs + SEND_LEASE_MS,
      expiresAt: Math.floor(nowMs / 1000) + RETENTION_DAYS * 86_400,
    };
    const delivery = {
      recipients: config.recipients,
      siteOrigin: config.siteOrigin,
      reportLink: config.reportLink,
      maxAttempts: MAX_SEND_ATTEMPTS,
      salesTimeZone: 'UTC',
      visitorFromName: 'Kryon Sales',
    };
    return {
      emailKey: `email#${emailHash}`,
      ipKey: `ip#${keyedHash(config.hashSecret, clientNetwork(request.sourceIp))}`,
      onceKey: onceKey(`challenge#${randomUUID()}`),
      onceOwner: `${form}#${request.idempotencyKey}`,
      visitorKey: definition.visitorMessage ? `visitor-mail#${emailHash}` : undefined,
      key: leadKey(form, request.idempotencyKey),
      item: {
        ...leadKey(form, request.idempotencyKey),
        entity: 'lead',
        ...lead,
        resendPartition: PENDING_PARTITION,
        leaseUntil: lead.leaseUntil,
      },
      leaseToken: submissionId,
      sends: audiences.map((audience) => {
        const email = buildEmail(audience, lead, definition, delivery);
        return {
          audience,
          input: {
            FromEmailAddress: config.mailFrom,
            Destination: { ToAddresses: email.to },
            ReplyToAddresses: email.replyTo,
            ConfigurationSetName: undefined,
            EmailTags: Object.entries(email.tags).map(([Name, Value]) => ({
              Name,
              Value: Value.replace(/[^A-Za-z0-9_-]/g, '_'),
            })),
            Content: {
              Simple: {
                Subject: { Data: email.subject, Charset: 'UTF-8' },
                Body: {
                  Text: { Data: email.text, Charset: 'UTF-8' },
                  Html: { Data: email.html, Charset: 'UTF-8' },
                },
              },
            },
          },
        };
      }),
    };
  });
}

/**
 * Clients configured as src/wiring.ts and the adapters configure theirs; the visitor-mail
 * budgets the handler runs with (src/wiring.ts visitorMailBudgets).
 */
export function createFloor(tableName: string, visitorMail: VisitorMailBudgets) {
  const dynamo = new DynamoDBClient({});
  const ses = new SESv2Client({});
  const doc = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true },
  });

  /** Opens a rate-limit window, as dynamodb.ts openWindow (a distinct key always opens one). */
  const openWindow = (key: string, windowMs: number) => {
    const nowMs = Date.now();
    return doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `RATE#${key}`, sk: 'RATE' },
        ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
        UpdateExpression:
          'SET hits = :one, windowStart = :now, expiresAt = :expires, entity = :entity',
        ExpressionAttributeValues: {
          ':cutoff': nowMs - windowMs,
          ':now': nowMs,
          ':one': 1,
          ':expires': Math.ceil((nowMs + windowMs) / 1000) + 3600,
          ':entity': 'rate-limit',
        },
      }),
    );
  };

  /** Counts in a running window, as dynamodb.ts countInWindow. */
  const countInWindow = (key: string, windowMs: number, max: number) =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `RATE#${key}`, sk: 'RATE' },
        ConditionExpression: 'windowStart > :cutoff AND hits < :max',
        UpdateExpression: 'ADD hits :one',
        ExpressionAttributeValues: { ':cutoff': Date.now() - windowMs, ':max': max, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );

  /** Takes a hit on a key every request shares: the open fails once a window runs. */
  const takeShared = async (key: string, budget: { max: number; windowMs: number }) => {
    try {
      await openWindow(key, budget.windowMs);
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      await countInWindow(key, budget.windowMs, budget.max);
    }
  };

  /** One request's SDK calls; resolves to 'ok' or the name of the error that stopped it. */
  async function run(call: FloorCall): Promise<string> {
    try {
      await openWindow(call.emailKey, RATE_LIMIT.windowMs);
      await openWindow(call.ipKey, IP_RATE_LIMIT.windowMs);
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...call.onceKey, entity: 'one-time-token', owner: call.onceOwner, expiresAt: 0 },
          ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': call.onceOwner },
        }),
      );
      if (call.visitorKey) {
        await openWindow(call.visitorKey, visitorMail.perRecipient.windowMs);
        await takeShared('visitor-mail#all', visitorMail.ceiling);
      }
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: call.item,
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      const sent = await Promise.all(
        call.sends.map(async ({ audience, input }) => {
          const out = await ses.send(new SendEmailCommand(input));
          return { audience, messageId: out.MessageId ?? 'unknown' };
        }),
      );
      const at = new Date().toISOString();
      const emails: Partial<Record<Audience, MessageState>> = {};
      for (const { audience, messageId } of sent) {
        emails[audience] = { status: 'sent', attempts: 1, messageId, at };
      }
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: call.key,
          ConditionExpression: 'leaseToken = :token',
          UpdateExpression:
            'SET emails = :emails, emailStatus = :status, emailUpdatedAt = :at REMOVE leaseToken, leaseUntil, resendPartition',
          ExpressionAttributeValues: {
            ':token': call.leaseToken,
            ':emails': emails,
            ':status': 'sent',
            ':at': at,
          },
        }),
      );
      return 'ok';
    } catch (error) {
      return error instanceof Error ? error.name : 'error';
    }
  }

  return {
    run,
    close() {
      dynamo.destroy();
      ses.destroy();
    },
  };
}
