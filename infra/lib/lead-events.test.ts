import { rmSync } from 'node:fs';
import { leadEventDeliveryConfig, readConfig } from '@kryon/functions/config';
import {
  DELIVERY_RETRY,
  destinationPattern,
  LEAD_EVENT_REDELIVERY_SOURCE,
  LEAD_EVENT_SOURCE,
  type LeadEventDestinationInput,
  leadEventDestination,
  resolveDestination,
} from '@kryon/functions/event-destinations';
import { LEAD_FORMS } from '@kryon/shared/api';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, synth } from '../test/synth.ts';
import { parseEnvironment } from './environment.ts';
import { HANDLERS_DIR, REPO_ROOT } from './kryon-stack.ts';
import {
  DESTINATIONS_VARIABLE_BYTES,
  destinationsVariableBytes,
  LEAD_EVENT_ALARMS,
  LEAD_EVENT_BUS_VARIABLE,
  LEAD_EVENT_DELIVERY,
  LEAD_EVENT_DESTINATIONS_VARIABLE,
  LeadEvents,
} from './lead-events.ts';
import { ALARM_WINDOWS } from './operations-alarms.ts';
import { policyValidators } from './policy-validation.ts';
import { SUBMISSIONS_TABLE_LOGICAL_ID } from './submissions-table.ts';

/*
 * The lead-event bus and its destinations (decision 090). The AWS pages the expectations follow:
 * - A rule target's retry policy (24 hours and 185 attempts at most) and its dead-letter queue:
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-rule-retry-policy.html,
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-rule-dlq.html
 * - An SQS target is allowed by the queue's policy, events.amazonaws.com with the rule as
 *   aws:SourceArn: https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-use-resource-based.html
 * - Archives, their event pattern and retention:
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-archive.html
 * - maxReceiveCount moves a message to the dead-letter queue:
 *   https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-dead-letter-queues.html
 * - A queue Lambda reads needs a visibility timeout of at least six times the function's:
 *   https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html; maximum
 *   concurrency from 2: https://docs.aws.amazon.com/lambda/latest/dg/API_ScalingConfig.html
 * - Metrics of a custom bus's rules carry EventBusName and RuleName:
 *   https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-monitoring.html
 */

const DESTINATIONS = [
  { kind: 'slack', name: 'sales-slack', secret: 'kryon/slack-sales' },
  {
    kind: 'webhook',
    name: 'crm',
    url: 'https://crm.kryon.example/hooks/lead',
    secret: 'kryon/crm-signing',
    events: ['lead.accepted', 'lead.delivery'],
    forms: ['demo', 'contact'],
    perSecond: 3,
  },
  // A receiver whose URL is its credential (a Zapier catch hook): the URL is in its secret.
  { kind: 'webhook', name: 'zapier', secret: 'kryon/zapier-hook', events: ['lead.accepted'] },
] as const satisfies LeadEventDestinationInput[];
const RESOLVED = DESTINATIONS.map((input) => resolveDestination(leadEventDestination.parse(input)));
/** An API that takes a key in a header: EventBridge's own API destination, no queue. */
const API = {
  kind: 'api',
  name: 'crm-api',
  url: 'https://crm.kryon.example/api/leads',
  secret: 'kryon/crm-api-key',
  header: 'Authorization',
  secretVersion: 'a1b2c3d4-0000-4000-8000-00000000abcd',
  perSecond: 4,
} as const satisfies LeadEventDestinationInput;
const API_RESOLVED = resolveDestination(leadEventDestination.parse(API));

// One synthesis with three destinations, cfn-guard's Control Tower rules and cdk-nag included
// (policy-validation.test.ts runs the rules on a stack without any destination); one without.
const siteDir = writeSiteFixture();
const [guard] = policyValidators({ customDomain: false });
if (!guard) throw new Error('no cfn-guard validator');
const { app, stack, template, outdir } = synth({
  siteDir,
  environment: {
    leadEvents: { destinations: [...DESTINATIONS, API] },
    sales: { timeZone: 'Europe/Berlin' },
  },
  validators: [guard],
});
const none = synth({ siteDir });
// An environment whose only destination is EventBridge's to send: no delivery function.
const apiOnly = synth({ siteDir, environment: { leadEvents: { destinations: [API] } } });
afterAll(() => {
  for (const dir of [siteDir, outdir, none.outdir, apiOnly.outdir])
    rmSync(dir, { recursive: true, force: true });
});

type Props = Record<string, unknown>;
const idOf = (construct: { node: { defaultChild?: unknown; children?: readonly unknown[] } }) =>
  logicalId(
    // The events module's API destination and connection keep their resource as a plain child.
    (construct.node.defaultChild ??
      construct.node.children?.find((child) => child instanceof CfnResource)) as CfnResource,
  );
const ref = (construct: { node: { defaultChild?: unknown } }) => ({ Ref: idOf(construct) });
const arnOf = (construct: { node: { defaultChild?: unknown } }) => ({
  'Fn::GetAtt': [idOf(construct), 'Arn'],
});
const resources = (type: string, t = template) => Object.entries(resourcesOf(t, type));
const propsOf = (id: string, t = template) => (t.toJSON().Resources[id]?.Properties ?? {}) as Props;
const destinationNamed = (name: string) => {
  const found = stack.leadEvents.destinations.find((d) => d.destination.name === name);
  if (!found) throw new Error(`no destination ${name}`);
  return found;
};
/** A Slack or webhook destination's resources, its queue among them. */
const resourcesOfDestination = (name: string) => {
  const found = destinationNamed(name);
  const { queue } = found;
  if (!queue) throw new Error(`${name} has no queue`);
  return { ...found, queue };
};
/** An `api` destination's resources, its connection and API destination among them. */
const apiResourcesOf = (name: string) => {
  const found = destinationNamed(name);
  const { api } = found;
  if (!api) throw new Error(`${name} is not an api destination`);
  return { ...found, api };
};

/** A value of the template as text, its references given a deployed stack's shape. */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v['Fn::Join'])) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  if (typeof v.Ref === 'string') {
    const pseudo: Record<string, string> = {
      'AWS::Partition': 'aws',
      'AWS::Region': 'eu-west-1',
      'AWS::AccountId': '123456789012',
      'AWS::URLSuffix': 'amazonaws.com',
    };
    return pseudo[v.Ref] ?? `ref:${v.Ref}`;
  }
  if (Array.isArray(v['Fn::GetAtt'])) {
    const [id, attribute] = v['Fn::GetAtt'] as [string, string];
    // A queue's ARN as SQS writes one, so the function's own check can read it.
    return attribute === 'Arn' ? `arn:aws:sqs:eu-west-1:123456789012:${id}` : `${id}.${attribute}`;
  }
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

/** Every statement of the policies attached to a function's role. */
function statementsOf(fn: { role?: { node: { defaultChild?: unknown } } }, t = template) {
  const role = idOf(fn.role as { node: { defaultChild?: unknown } });
  return resources('AWS::IAM::Policy', t)
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${role}"`))
    .flatMap(
      ([, policy]) =>
        (policy.Properties?.PolicyDocument as { Statement?: Record<string, unknown>[] } | undefined)
          ?.Statement ?? [],
    );
}
const list = (value: unknown) => [value].flat() as string[];

describe('the bus', () => {
  it('is the stack’s own, named after it, so two environments never share one', () => {
    const buses = resources('AWS::Events::EventBus');
    expect(buses).toHaveLength(1);
    expect(buses[0]?.[1].Properties?.Name).toBe('KryonWeb-lead-events');
    expect(resources('AWS::Events::EventBus', none.template)).toHaveLength(1);
  });

  it('keeps every lead event for 30 days in an archive, for webhooks:replay', () => {
    const archives = resources('AWS::Events::Archive');
    expect(archives).toHaveLength(1);
    expect(archives[0]?.[1].Properties).toMatchObject({
      SourceArn: arnOf(stack.leadEvents.bus),
      EventPattern: { source: [LEAD_EVENT_SOURCE] },
      RetentionDays: 30,
    });
    expect(LEAD_EVENT_DELIVERY.archiveRetention.toDays()).toBe(30);
  });
});

describe('each destination', () => {
  it.each(RESOLVED)('$name: a rule on the bus whose pattern is exactly its own', (destination) => {
    const { rule, queue, deadLetterQueue } = resourcesOfDestination(destination.name);
    const props = propsOf(idOf(rule));
    expect(props.EventBusName).toEqual(ref(stack.leadEvents.bus));
    expect(props.EventPattern).toEqual(destinationPattern(destination));
    expect(props.State).toBe('ENABLED');
    expect(props.Targets).toEqual([
      {
        Id: expect.any(String),
        Arn: arnOf(queue),
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
        DeadLetterConfig: { Arn: arnOf(deadLetterQueue) },
      },
    ]);
  });

  it('takes the events and forms the file names, erasures with accepted leads', () => {
    expect(propsOf(idOf(resourcesOfDestination('sales-slack').rule)).EventPattern).toEqual({
      source: ['kryon.leads'],
      'detail-type': ['lead.accepted', 'lead.erased'],
      detail: { form: [...LEAD_FORMS] },
    });
    expect(propsOf(idOf(resourcesOfDestination('crm').rule)).EventPattern).toEqual({
      source: ['kryon.leads'],
      'detail-type': ['lead.accepted', 'lead.delivery', 'lead.erased'],
      detail: { form: ['demo', 'contact'] },
    });
  });

  it.each(RESOLVED)(
    '$name: an encrypted, TLS-only queue that dead-letters after the last attempt',
    ({ name }) => {
      const { queue, deadLetterQueue } = resourcesOfDestination(name);
      const props = propsOf(idOf(queue));
      expect(props).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
        RedrivePolicy: {
          deadLetterTargetArn: arnOf(deadLetterQueue),
          maxReceiveCount: DELIVERY_RETRY.maxAttempts,
        },
      });
      expect(DELIVERY_RETRY.maxAttempts).toBe(17);
      const timeout = LEAD_EVENT_DELIVERY.functionTimeout.toSeconds();
      expect(props.VisibilityTimeout).toBeGreaterThanOrEqual(6 * timeout);
      expect(propsOf(idOf(deadLetterQueue))).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      });
      expect(propsOf(idOf(deadLetterQueue)).RedrivePolicy).toBeUndefined();
    },
  );

  it.each(RESOLVED)(
    '$name: its queues take messages only from EventBridge, for its rule, over TLS',
    ({ name }) => {
      const { queue, deadLetterQueue, rule } = resourcesOfDestination(name);
      for (const target of [queue, deadLetterQueue]) {
        const policies = resources('AWS::SQS::QueuePolicy').filter(([, policy]) =>
          JSON.stringify(policy.Properties?.Queues).includes(`"${idOf(target)}"`),
        );
        expect(policies).toHaveLength(1);
        const document = policies[0]?.[1].Properties?.PolicyDocument as
          | { Statement?: Record<string, unknown>[] }
          | undefined;
        const statements = document?.Statement ?? [];
        const allows = statements.filter((s) => s.Effect === 'Allow');
        expect(allows.length).toBeGreaterThan(0);
        for (const allow of allows) {
          expect(allow.Principal).toEqual({ Service: 'events.amazonaws.com' });
          expect(allow.Condition).toEqual({ ArnEquals: { 'aws:SourceArn': arnOf(rule) } });
          expect(list(allow.Action)).toContain('sqs:SendMessage');
          expect(allow.Resource).toEqual(arnOf(target));
        }
        expect(statements).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    },
  );

  it('is found by the name of its secret, never by its value', () => {
    const text = JSON.stringify(template.toJSON());
    // Only the stack's own two secrets are created; the destinations' exist already.
    expect(resources('AWS::SecretsManager::Secret')).toHaveLength(2);
    // A value, as a Slack URL or a signing secret looks, or as a secret created with one.
    expect(/hooks\.slack\.com|whsec_|"SecretString"/.test(text)).toBe(false);
    // Nor a dynamic reference, which CloudFormation would resolve into the template's resources.
    expect(
      /resolve:secretsmanager:[^"]*kryon\/(slack-sales|crm-signing|zapier-hook)/.test(text),
    ).toBe(false);
    // A webhook without a url in the file has none anywhere in the template.
    expect(text).not.toContain('zapier.com');
  });
});

describe('an api destination', () => {
  // EventBridge's API destinations and connections:
  // https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-api-destinations.html; an API
  // key connection: https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-target-connection-auth.html;
  // CloudFormation reads a secret again only when its reference changes:
  // https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/dynamic-references-secretsmanager.html
  const { rule, deadLetterQueue, api } = apiResourcesOf('crm-api');

  it('keeps its key in a connection, read from its secret at the pinned version, never in the template', () => {
    const props = propsOf(idOf(api.connection));
    expect(props.AuthorizationType).toBe('API_KEY');
    expect(props.AuthParameters).toEqual({
      ApiKeyAuthParameters: {
        ApiKeyName: 'Authorization',
        ApiKeyValue: `{{resolve:secretsmanager:kryon/crm-api-key:SecretString:::${API.secretVersion}}}`,
      },
    });
    // The reference is the only trace of the secret: no value, no other reference to it.
    const text = JSON.stringify(template.toJSON());
    expect(text.match(/resolve:secretsmanager:kryon\/crm-api-key/g)).toHaveLength(1);
  });

  it('sends to its URL, by POST, at its rate', () => {
    expect(propsOf(idOf(api.apiDestination))).toMatchObject({
      ConnectionArn: arnOf(api.connection),
      InvocationEndpoint: API.url,
      HttpMethod: 'POST',
      InvocationRateLimitPerSecond: API.perSecond,
    });
  });

  it('is its rule’s target: the event’s detail, retried for a day, then its dead-letter queue', () => {
    const props = propsOf(idOf(rule));
    expect(props.EventPattern).toEqual(destinationPattern(API_RESOLVED));
    const target = {
      Id: expect.any(String),
      Arn: arnOf(api.apiDestination),
      RoleArn: expect.anything(),
      InputPath: '$.detail',
      RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
      DeadLetterConfig: { Arn: arnOf(deadLetterQueue) },
    };
    expect(props.Targets).toEqual([target]);
    // Its dead letters, sent again by webhooks:replay, reach it alone, by the same target.
    const redelivery = propsOf(idOf(api.redelivery));
    expect(redelivery.EventBusName).toEqual(ref(stack.leadEvents.bus));
    expect(redelivery.EventPattern).toEqual({
      source: [LEAD_EVENT_REDELIVERY_SOURCE],
      resources: [arnOf(api.apiDestination)],
    });
    expect(redelivery.Targets).toEqual([target]);
    expect(LEAD_EVENT_REDELIVERY_SOURCE).not.toBe(LEAD_EVENT_SOURCE);
  });

  it('is invoked by a role that may invoke that API destination and nothing else', () => {
    const roleArn = (propsOf(idOf(rule)).Targets as { RoleArn: unknown }[])[0]?.RoleArn as {
      'Fn::GetAtt': [string, string];
    };
    const [roleId] = roleArn['Fn::GetAtt'];
    const role = propsOf(roleId);
    expect(JSON.stringify(role.AssumeRolePolicyDocument)).toContain('events.amazonaws.com');
    const statements = resources('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(
        ([, policy]) =>
          (
            policy.Properties?.PolicyDocument as
              | { Statement: Record<string, unknown>[] }
              | undefined
          )?.Statement ?? [],
      );
    expect(statements).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'events:InvokeApiDestination',
        Resource: arnOf(api.apiDestination),
      }),
    ]);
  });

  it('has a dead-letter queue that takes messages only from its two rules', () => {
    const policies = resources('AWS::SQS::QueuePolicy').filter(([, policy]) =>
      JSON.stringify(policy.Properties?.Queues).includes(`"${idOf(deadLetterQueue)}"`),
    );
    const statements = policies.flatMap(
      ([, policy]) =>
        (policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] } | undefined)
          ?.Statement ?? [],
    );
    const sources = statements
      .filter((st) => st.Effect === 'Allow')
      .map((st) => {
        expect(st.Principal).toEqual({ Service: 'events.amazonaws.com' });
        return (st.Condition as { ArnEquals: Record<string, unknown> }).ArnEquals['aws:SourceArn'];
      });
    expect(sources).toEqual(expect.arrayContaining([arnOf(rule), arnOf(api.redelivery)]));
    expect(sources).toHaveLength(2);
  });

  it('is not the delivery function’s: no queue, not in its variable, its secret not readable by it', () => {
    expect(destinationNamed('crm-api').queue).toBeUndefined();
    const fn = stack.leadEvents.deliveryFunction;
    if (!fn) throw new Error('no delivery function');
    const variables = (propsOf(idOf(fn)).Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(render(variables[LEAD_EVENT_DESTINATIONS_VARIABLE])).not.toContain('crm-api');
    expect(JSON.stringify(statementsOf(fn))).not.toContain('crm-api-key');
    // Alone in a file, it needs no function at all.
    expect(apiOnly.stack.leadEvents.deliveryFunction).toBeUndefined();
    expect(resources('AWS::Lambda::EventSourceMapping', apiOnly.template)).toHaveLength(0);
    expect(resources('AWS::Events::ApiDestination', apiOnly.template)).toHaveLength(1);
  });

  /** The metrics an alarm's expression sums: name and dimensions of each. */
  const summed = (props: Props) =>
    (
      props.Metrics as {
        MetricStat?: {
          Metric: {
            MetricName: string;
            Namespace: string;
            Dimensions: { Name: string; Value: unknown }[];
          };
          Stat: string;
        };
      }[]
    ).flatMap((m) =>
      m.MetricStat
        ? [
            {
              name: m.MetricStat.Metric.MetricName,
              namespace: m.MetricStat.Metric.Namespace,
              stat: m.MetricStat.Stat,
              dimensions: Object.fromEntries(
                m.MetricStat.Metric.Dimensions.map((d) => [d.Name, d.Value]),
              ),
            },
          ]
        : [],
    );
  const alarmOf = (description: string) => {
    const found = resources('AWS::CloudWatch::Alarm')
      .map(([, alarm]) => (alarm.Properties ?? {}) as Props)
      .filter((p) => String(p.AlarmDescription).startsWith(description));
    expect(found, description).toHaveLength(1);
    return found[0] as Props;
  };
  const bothRules = [
    { EventBusName: ref(stack.leadEvents.bus), RuleName: ref(rule) },
    { EventBusName: ref(stack.leadEvents.bus), RuleName: ref(api.redelivery) },
  ];

  it('alarms when EventBridge keeps retrying it within the hour, on its rules’ metric', () => {
    const props = alarmOf('EventBridge retried deliveries to crm-api');
    expect(props).toMatchObject({
      Threshold: LEAD_EVENT_ALARMS.refusing.threshold,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // Both rules send through its target: a replay's dead letters too (custom-bus metrics
    // carry EventBusName and RuleName).
    const metrics = summed(props);
    expect(metrics.map((m) => m.dimensions)).toEqual(bothRules);
    for (const metric of metrics) {
      expect(metric).toMatchObject({
        name: 'RetryInvocationAttempts',
        namespace: 'AWS/Events',
        stat: 'Sum',
      });
    }
    expect(
      (props.Metrics as { Period?: number; MetricStat?: { Period: number } }[]).flatMap((m) =>
        m.MetricStat ? [m.MetricStat.Period] : [],
      ),
    ).toEqual([3600, 3600]);
  });

  it('alarms when an event is lost for it by either rule, with the replay since then', () => {
    const props = alarmOf('EventBridge could not hand events for crm-api to its API destination');
    expect(props).toMatchObject({ Threshold: 1 });
    const metrics = summed(props);
    expect(metrics.map((m) => [m.name, m.dimensions])).toEqual([
      ['FailedInvocations', bothRules[0]],
      ['FailedInvocations', bothRules[1]],
      ['InvocationsFailedToBeSentToDlq', bothRules[0]],
      ['InvocationsFailedToBeSentToDlq', bothRules[1]],
    ]);
    expect(props.AlarmDescription).toContain(
      'npm run webhooks:replay -- KryonWeb --since <when it began, 2026-11-28T09:00:00Z> --destination crm-api',
    );
    // Looking at a dead letter must not hide it from the replay that follows.
    expect(alarmOf('Events for crm-api failed (').AlarmDescription).toContain(
      '--visibility-timeout 0',
    );
  });
});

describe('the delivery function', () => {
  const fn = () => {
    const found = stack.leadEvents.deliveryFunction;
    if (!found) throw new Error('no delivery function');
    return found;
  };
  const variables = () =>
    (propsOf(idOf(fn())).Environment as { Variables: Record<string, unknown> }).Variables;

  it('is one for every destination, and none without a destination', () => {
    expect(none.stack.leadEvents.deliveryFunction).toBeUndefined();
    expect(resources('AWS::Lambda::EventSourceMapping', none.template)).toHaveLength(0);
    expect(propsOf(idOf(fn()))).toMatchObject({
      Runtime: 'nodejs24.x',
      Timeout: LEAD_EVENT_DELIVERY.functionTimeout.toSeconds(),
    });
  });

  it('gives Slack times in the sales time zone, the setting the sales e-mail uses', () => {
    expect(variables().SALES_TIME_ZONE).toBe('Europe/Berlin');
    const env = Object.fromEntries(
      Object.entries(variables()).map(([key, value]) => [key, render(value)]),
    );
    expect(readConfig(leadEventDeliveryConfig, env).settings.sales.timeZone).toBe('Europe/Berlin');
  });

  it('reads each destination’s queue one event at a time, two at most at once, reporting failures', () => {
    const mappings = resources('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(RESOLVED.length);
    for (const { name } of RESOLVED) {
      const { queue } = resourcesOfDestination(name);
      const mapping = mappings.find(
        ([, m]) => JSON.stringify(m.Properties?.EventSourceArn) === JSON.stringify(arnOf(queue)),
      );
      expect(mapping?.[1].Properties, name).toEqual({
        EventSourceArn: arnOf(queue),
        FunctionName: ref(fn()),
        BatchSize: 3,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: 2 },
      });
    }
  });

  it('is told each destination in LEAD_EVENT_DESTINATIONS, which its own cold-start check accepts', () => {
    const value = render(variables()[LEAD_EVENT_DESTINATIONS_VARIABLE]);
    const [slack, crm, zapier] = RESOLVED;
    expect(JSON.parse(value)).toEqual([
      {
        name: 'sales-slack',
        kind: 'slack',
        secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/slack-sales',
        queueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(resourcesOfDestination('sales-slack').queue)}`,
        perSecond: slack?.perSecond,
      },
      {
        name: 'crm',
        kind: 'webhook',
        url: 'https://crm.kryon.example/hooks/lead',
        secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/crm-signing',
        queueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(resourcesOfDestination('crm').queue)}`,
        perSecond: crm?.perSecond,
      },
      {
        // No url: the delivery function reads it from the secret.
        name: 'zapier',
        kind: 'webhook',
        secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/zapier-hook',
        queueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(resourcesOfDestination('zapier').queue)}`,
        perSecond: zapier?.perSecond,
      },
    ]);
    expect([slack?.perSecond, crm?.perSecond, zapier?.perSecond]).toEqual([1, 3, 5]);
    const environment = Object.fromEntries(
      Object.entries(variables()).map(([name, v]) => [name, render(v)]),
    );
    const config = readConfig(leadEventDeliveryConfig, environment);
    expect(config.LEAD_EVENT_DESTINATIONS.map((d) => d.name)).toEqual([
      'sales-slack',
      'crm',
      'zapier',
    ]);
    expect(config.LEAD_EVENT_DESTINATIONS[2]).not.toHaveProperty('url');
    expect(variables()).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'kryon-leads',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      APP_VERSION: 'dev',
    });
  });

  it('refuses at synth a list of destinations too long for Lambda’s 4 KB of variables', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        resolveDestination(
          leadEventDestination.parse({
            kind: 'webhook',
            name: `receiver-${i}`,
            url: `https://hooks.kryon.example/lead-events/${i}`,
            secret: `kryon/receivers/receiver-${i}-signing`,
          }),
        ),
      );
    expect(destinationsVariableBytes(RESOLVED)).toBeLessThan(DESTINATIONS_VARIABLE_BYTES / 3);
    // What the stack wrote for the two, with ARNs as short as a deployment's, is less.
    const written = render(variables()[LEAD_EVENT_DESTINATIONS_VARIABLE]);
    expect(Buffer.byteLength(written)).toBeLessThan(destinationsVariableBytes(RESOLVED));
    expect(destinationsVariableBytes(many(8))).toBeLessThan(DESTINATIONS_VARIABLE_BYTES);
    expect(destinationsVariableBytes(many(12))).toBeGreaterThan(DESTINATIONS_VARIABLE_BYTES);
    const scratch = new Stack(new App(), 'Scratch');
    expect(
      () =>
        new LeadEvents(scratch, 'LeadEvents', {
          destinations: many(12),
          deliveryEntry: `${HANDLERS_DIR}lead-event-delivery.ts`,
          repoRoot: REPO_ROOT,
          logRetention: RetentionDays.THREE_MONTHS,
          logLevel: 'INFO',
          appVersion: 'dev',
          table: TableV2.fromTableName(scratch, 'Leads', 'leads'),
          settings: parseEnvironment('t', { kind: 'preview' }).config.settings,
        }),
    ).toThrow(/LEAD_EVENT_DESTINATIONS would take about \d+ bytes/);
  });

  it('may read the named secrets, its queues, its log group and erased leads’ ids, and put in its dead-letter queues, and nothing else', () => {
    const statements = statementsOf(fn());
    const secrets = statements.filter((s) =>
      list(s.Action).some((a) => /^secretsmanager:/.test(a)),
    );
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.Action).toBe('secretsmanager:GetSecretValue');
    expect(list(secrets[0]?.Resource).map(render).sort()).toEqual([
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/crm-signing-??????',
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/slack-sales-??????',
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/zapier-hook-??????',
    ]);
    const actions = new Set(statements.flatMap((s) => list(s.Action) as string[]));
    expect([...actions].sort()).toEqual(
      [
        'dynamodb:GetItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'secretsmanager:GetSecretValue',
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:ReceiveMessage',
        'sqs:SendMessage',
      ].sort(),
    );
    const queues = RESOLVED.map(({ name }) => arnOf(resourcesOfDestination(name).queue));
    const reading = statements.filter((s) =>
      list(s.Action).some((a) => /^sqs:/.test(a) && a !== 'sqs:SendMessage'),
    );
    for (const statement of reading) {
      expect(list(statement.Action)).toContain('sqs:ChangeMessageVisibility');
      expect(list(statement.Action)).not.toContain('sqs:SendMessage');
      for (const resource of list(statement.Resource)) expect(queues).toContainEqual(resource);
    }
    // A gone receiver's (410) event, to its own destination's dead-letter queue: send only.
    const sends = statements.filter((s) => list(s.Action).includes('sqs:SendMessage'));
    expect(sends.map((s) => s.Action)).toEqual(['sqs:SendMessage']);
    const deadLetterQueues = RESOLVED.map(({ name }) =>
      arnOf(resourcesOfDestination(name).deadLetterQueue),
    );
    expect(list(sends[0]?.Resource)).toHaveLength(deadLetterQueues.length);
    expect(list(sends[0]?.Resource)).toEqual(expect.arrayContaining(deadLetterQueues));
    // An erased lead's id, before any of its events is sent again (decision 090), and no lead.
    expect(statements.filter((st) => list(st.Action).includes('dynamodb:GetItem'))).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERASED#*'] } },
      }),
    ]);
    expect(variables().TABLE_NAME).toEqual(ref(stack.table.table));
    // No wildcard but the secrets' suffix and the log group's streams.
    for (const statement of statements) {
      for (const resource of list(statement.Resource).map(render)) {
        if (resource.includes('*')) expect(resource).toMatch(/:log-group:.*:\*$/);
      }
    }
  });
});

describe('the publishers', () => {
  const publishers = () => [
    ...LEAD_FORMS.map((form) => [form, stack.api.functions.get(form)] as const),
    ['report', stack.api.functions.get('report')] as const,
    ['resend', stack.resend.fn] as const,
    ['delivery-events', stack.deliveryEvents.fn] as const,
  ];

  it.each(LEAD_FORMS.concat(['report', 'resend', 'delivery-events'] as never[]))(
    '%s: knows the bus and may put events on it alone',
    (handler) => {
      const fn = publishers().find(([name]) => name === handler)?.[1];
      if (!fn) throw new Error(`no function ${handler}`);
      const variables = (propsOf(idOf(fn)).Environment as { Variables: Props }).Variables;
      expect(variables[LEAD_EVENT_BUS_VARIABLE]).toEqual(ref(stack.leadEvents.bus));
      const puts = statementsOf(fn).filter((s) => list(s.Action).includes('events:PutEvents'));
      expect(puts).toEqual([
        expect.objectContaining({
          Action: 'events:PutEvents',
          Effect: 'Allow',
          Resource: arnOf(stack.leadEvents.bus),
          // Never the redelivery source, which reaches an api destination past its rule.
          Condition: { StringEquals: { 'events:source': [LEAD_EVENT_SOURCE] } },
        }),
      ]);
    },
  );

  it('are the only functions that may publish, with or without a destination', () => {
    const names = new Set(publishers().map(([, fn]) => fn && idOf(fn)));
    for (const [id, fn] of resources('AWS::Lambda::Function')) {
      const variables = ((fn.Properties?.Environment as { Variables?: Props } | undefined)
        ?.Variables ?? {}) as Props;
      expect(LEAD_EVENT_BUS_VARIABLE in variables, id).toBe(names.has(id));
    }
    const putters = resources('AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy.Properties?.PolicyDocument).includes('events:PutEvents'),
    );
    expect(putters).toHaveLength(publishers().length);
    // Without a destination, events still go to the bus and its archive.
    const withoutDestinations = none.stack.resend.fn;
    expect(
      statementsOf(withoutDestinations, none.template).some((s) =>
        list(s.Action).includes('events:PutEvents'),
      ),
    ).toBe(true);
  });
});

describe('alarms', () => {
  const alarms = () =>
    resources('AWS::CloudWatch::Alarm').map(([id, alarm]) => ({
      id,
      props: (alarm.Properties ?? {}) as Props,
    }));
  const alarmStartingWith = (description: string) => {
    const found = alarms().filter((a) => String(a.props.AlarmDescription).startsWith(description));
    expect(found, description).toHaveLength(1);
    return (found[0] as { props: Props }).props;
  };
  const topic = () => ref(stack.alarms.topic);
  const dimensionOf = (props: Props) =>
    Object.fromEntries(
      (props.Dimensions as { Name: string; Value: unknown }[]).map((d) => [d.Name, d.Value]),
    );

  it.each([...RESOLVED, API_RESOLVED])(
    '$name: its dead-letter queue, at one event, with the replay command',
    ({ name }) => {
      const props = alarmStartingWith(`Events for ${name} failed (`);
      expect(props).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Period: 300,
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [topic()],
        OKActions: [topic()],
      });
      expect(dimensionOf(props).QueueName).toEqual({
        'Fn::GetAtt': [idOf(destinationNamed(name).deadLetterQueue), 'QueueName'],
      });
      expect(props.AlarmDescription).toContain(
        `npm run webhooks:replay -- KryonWeb --dead-letters --destination ${name}`,
      );
    },
  );

  it.each(RESOLVED)('$name: an event its queue has held for an hour', ({ name }) => {
    const props = alarmStartingWith(`An event for ${name} has waited an hour`);
    expect(props).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Statistic: 'Maximum',
      Threshold: 3600,
      AlarmActions: [topic()],
    });
    expect(LEAD_EVENT_ALARMS.oldestEvent.threshold).toBe(3600);
    expect(dimensionOf(props).QueueName).toEqual({
      'Fn::GetAtt': [idOf(resourcesOfDestination(name).queue), 'QueueName'],
    });
  });

  it.each(RESOLVED)('$name: an event its rule could not hand over', ({ name }) => {
    const props = alarmStartingWith(`EventBridge could not hand events for ${name} to its queue`);
    expect(props).toMatchObject({ Threshold: 1, AlarmActions: [topic()] });
    // What was lost is in the archive alone: replayed from when it began, never the dead letters.
    expect(props.AlarmDescription).toContain(
      `npm run webhooks:replay -- KryonWeb --since <when it began, 2026-11-28T09:00:00Z> --destination ${name}`,
    );
    const metrics = props.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: unknown[] } };
    }[];
    const stats = metrics.filter((m) => m.MetricStat).map((m) => m.MetricStat?.Metric);
    expect(stats.map((m) => m?.MetricName).sort()).toEqual([
      'FailedInvocations',
      'InvocationsFailedToBeSentToDlq',
    ]);
    for (const metric of stats) {
      expect(metric?.Namespace).toBe('AWS/Events');
      // A custom bus's rule is known by both (the monitoring page above).
      expect(metric?.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'EventBusName', Value: ref(stack.leadEvents.bus) },
          { Name: 'RuleName', Value: ref(resourcesOfDestination(name).rule) },
        ]),
      );
    }
  });

  it.each(RESOLVED)('$name: deliveries that keep failing, within the hour', ({ name }) => {
    const props = alarmStartingWith(`Deliveries to ${name} failed 5 times or more in an hour`);
    // As the delivery function writes the count: Powertools' namespace, `service` beside
    // `Destination` (a metric is found by its full set of dimensions).
    expect(props).toMatchObject({
      Namespace: 'Kryon/Leads',
      MetricName: 'LeadEventDeliveryFailed',
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 5,
      EvaluationPeriods: 1,
      AlarmActions: [topic()],
    });
    expect(dimensionOf(props)).toEqual({ service: 'kryon-leads', Destination: name });
  });

  it('watch the publishers’ failed publishes, summed over the forms', () => {
    const props = alarmStartingWith('Lead events could not be put on the lead-event bus');
    const names = (props.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
      .flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []))
      .sort();
    expect(names).toEqual(LEAD_FORMS.map(() => 'LeadEventPublishFailed'));
    expect(props).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, AlarmActions: [topic()] });
  });

  it('treat the delivery function as one whose work is retried', () => {
    const fn = stack.leadEvents.deliveryFunction;
    if (!fn) throw new Error('no delivery function');
    const errors = alarms().filter(
      (a) =>
        a.props.MetricName === 'Errors' &&
        JSON.stringify(a.props.Dimensions).includes(`"${idOf(fn)}"`),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.props).toMatchObject({
      EvaluationPeriods: ALARM_WINDOWS.retriedFunction.evaluationPeriods,
      DatapointsToAlarm: ALARM_WINDOWS.retriedFunction.datapointsToAlarm,
    });
  });

  it('are all on the alarm topic, listed with its alarms', () => {
    const ours = alarms().filter((a) =>
      /^(Events for|An event for|EventBridge could not|EventBridge retried|Lead events could not|Deliveries to)/.test(
        String(a.props.AlarmDescription),
      ),
    );
    // Per queued destination four; per api destination three (no queue to grow old).
    expect(ours).toHaveLength(1 + 4 * RESOLVED.length + 3);
    expect(stack.alarms.alarms.length).toBeGreaterThanOrEqual(ours.length);
  });
});

describe('outputs', () => {
  const outputs = () => template.findOutputs('*');

  it('name the bus, its archive and per destination its rule and queues, for webhooks:replay', () => {
    expect(outputs().LeadEventBusName?.Value).toEqual(ref(stack.leadEvents.bus));
    expect(outputs().LeadEventArchiveName?.Value).toEqual(ref(stack.leadEvents.archive));
    const destinations = JSON.parse(render(outputs().LeadEventDestinations?.Value));
    expect(destinations).toEqual(
      RESOLVED.map(({ name }) => {
        const { rule, queue, deadLetterQueue } = resourcesOfDestination(name);
        return {
          name,
          kind: RESOLVED.find((d) => d.name === name)?.kind,
          ruleArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(rule)}`,
          queueUrl: `ref:${idOf(queue)}`,
          queueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(queue)}`,
          deadLetterQueueUrl: `ref:${idOf(deadLetterQueue)}`,
          deadLetterQueueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(deadLetterQueue)}`,
        };
      }).concat([
        (() => {
          const { rule, deadLetterQueue, api } = apiResourcesOf('crm-api');
          return {
            name: 'crm-api',
            kind: 'api',
            ruleArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(rule)}`,
            deadLetterQueueUrl: `ref:${idOf(deadLetterQueue)}`,
            deadLetterQueueArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(deadLetterQueue)}`,
            apiDestinationArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(api.apiDestination)}`,
            connectionArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(api.connection)}`,
            redeliveryRuleArn: `arn:aws:sqs:eu-west-1:123456789012:${idOf(api.redelivery)}`,
            secretVersion: API.secretVersion,
          } as never;
        })(),
      ]),
    );
    expect(none.template.findOutputs('*').LeadEventDestinations?.Value).toBe('[]');
  });
});

describe('checks', () => {
  it('pass cdk-nag and the Control Tower rules with no acknowledgement of their own', () => {
    expect(nagFindings(app)).toEqual([]);
    // What cfn-guard acknowledged on these resources it acknowledges elsewhere in the stack as
    // well (a dead-letter queue has no dead-letter queue; no function is in a VPC).
    const ours = guard.acknowledged.filter((finding) => finding.path.startsWith('LeadEvents/'));
    const elsewhere = new Set(
      guard.acknowledged
        .filter((finding) => !finding.path.startsWith('LeadEvents/'))
        .map((finding) => finding.rule),
    );
    expect(ours.map((finding) => finding.rule)).toContain('sqs_dlq_check');
    for (const finding of ours) expect(elsewhere, finding.path).toContain(finding.rule);
    for (const finding of ours.filter((f) => f.rule === 'sqs_dlq_check')) {
      expect(finding.path).toMatch(/\/DeadLetterQueue\/Resource$/);
    }
  });
});
