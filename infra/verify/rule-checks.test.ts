import { rmSync } from 'node:fs';
import {
  DescribeRuleCommand,
  EventBridgeClient,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { synth, resourcesOf as templateResources } from '../test/synth.ts';
import { REGION, RULE_NAME, SALES_SET, stackFacts, VISITOR_SET } from './aws-fixtures.ts';
import { matchesEventPattern } from './event-pattern.ts';
import { checkDeliveryRule, FOREIGN_CONFIGURATION_SET } from './rule-checks.ts';
import { SAMPLE_EVENT_TYPES, sesSampleEvent } from './ses-sample-events.ts';

/*
 * The stack's own rule pattern, synthesized, with each configuration set's Ref replaced by a
 * name as CloudFormation resolves it; evaluated here against SES's documented events before
 * any deploy, and handed to the deployed check's mocks as DescribeRule's EventPattern.
 */
const siteDir = writeSiteFixture();
const { template, outdir } = synth({ siteDir });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

const setIds = Object.keys(templateResources(template, 'AWS::SES::ConfigurationSet'));
const salesId = setIds.find((id) => id.startsWith('EmailConfigurationSet')) as string;
const visitorId = setIds.find((id) => id.startsWith('EmailVisitorConfigurationSet')) as string;
const deliveryRule = Object.entries(templateResources(template, 'AWS::Events::Rule')).find(([id]) =>
  id.startsWith('DeliveryEventsRule'),
)?.[1];
const synthesizedPattern: unknown = JSON.parse(
  JSON.stringify(deliveryRule?.Properties?.EventPattern)
    .replace(JSON.stringify({ Ref: salesId }), JSON.stringify(SALES_SET))
    .replace(JSON.stringify({ Ref: visitorId }), JSON.stringify(VISITOR_SET)),
);

describe("the synthesized delivery-events rule, against SES's documented events", () => {
  it.each(SAMPLE_EVENT_TYPES.flatMap((type) => [SALES_SET, VISITOR_SET].map((set) => [type, set])))(
    'matches the documented %s event of %s',
    (type, set) => {
      const event = sesSampleEvent(type as (typeof SAMPLE_EVENT_TYPES)[number], set as string);
      expect(matchesEventPattern(synthesizedPattern, event)).toBe(true);
    },
  );

  it.each(SAMPLE_EVENT_TYPES)("refuses the %s event of another sender's set", (type) => {
    expect(
      matchesEventPattern(synthesizedPattern, sesSampleEvent(type, FOREIGN_CONFIGURATION_SET)),
    ).toBe(false);
  });
});

const eventbridge = mockClient(EventBridgeClient);
const client = new EventBridgeClient({ region: REGION });
beforeEach(() => {
  eventbridge.reset();
  // EventBridge's own evaluation, stood in for by the local matcher.
  eventbridge
    .on(TestEventPatternCommand)
    .callsFake((input: { Event: string; EventPattern: string }) => ({
      Result: matchesEventPattern(JSON.parse(input.EventPattern), JSON.parse(input.Event)),
    }));
});

/** DescribeRule as the API reference shows it (EventPattern is JSON text). */
function describedRule(pattern: unknown, state: 'ENABLED' | 'DISABLED' = 'ENABLED') {
  return {
    Name: RULE_NAME,
    Arn: `arn:aws:events:${REGION}:123456789012:rule/${RULE_NAME}`,
    EventPattern: JSON.stringify(pattern),
    State: state,
    Description: 'SES delivery events of the Kryon configuration sets, to the Kryon function',
    EventBusName: 'default',
  };
}

describe('checkDeliveryRule', () => {
  it("passes the stack's rule: every documented event of both sets, none of another set", async () => {
    eventbridge
      .on(DescribeRuleCommand, { Name: RULE_NAME })
      .resolves(describedRule(synthesizedPattern));

    const [result] = await checkDeliveryRule(client, stackFacts());

    expect(result?.status).toBe('ok');
    expect(eventbridge.commandCalls(TestEventPatternCommand)).toHaveLength(9);
  });

  it('fails a pattern with a wrong detail-type, naming the documented Bounce event that did not match', async () => {
    const wrong = JSON.parse(
      JSON.stringify(synthesizedPattern).replace('"Email Bounced"', '"Email Bounce"'),
    );
    eventbridge.on(DescribeRuleCommand).resolves(describedRule(wrong));

    const [result] = await checkDeliveryRule(client, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain(
      `the documented Bounce event ("Email Bounced") of ${SALES_SET} did not match`,
    );
    expect(result?.detail).not.toContain('Complaint');
  });

  it('fails a pattern that filters on the wrong tag, naming every event of the set it misses', async () => {
    const wrong = JSON.parse(
      JSON.stringify(synthesizedPattern).replace(JSON.stringify(VISITOR_SET), '"visitor"'),
    );
    eventbridge.on(DescribeRuleCommand).resolves(describedRule(wrong));

    const [result] = await checkDeliveryRule(client, stackFacts());

    expect(result?.status).toBe('fail');
    for (const type of SAMPLE_EVENT_TYPES) expect(result?.detail).toContain(`${type} event`);
  });

  it("fails a pattern without the set filter: another sender's events would reach the function", async () => {
    eventbridge.on(DescribeRuleCommand).resolves(
      describedRule({
        source: ['aws.ses'],
        'detail-type': ['Email Delivered', 'Email Bounced', 'Email Complaint Received'],
      }),
    );

    const [result] = await checkDeliveryRule(client, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('of another set');
  });

  it('fails a disabled rule without testing its pattern', async () => {
    eventbridge.on(DescribeRuleCommand).resolves(describedRule(synthesizedPattern, 'DISABLED'));

    const [result] = await checkDeliveryRule(client, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.fix).toContain(`aws events enable-rule --name ${RULE_NAME}`);
    expect(eventbridge.commandCalls(TestEventPatternCommand)).toHaveLength(0);
  });

  it('fails a stack without the rule', async () => {
    const [result] = await checkDeliveryRule(client, stackFacts({ resources: [] }));
    expect(result?.status).toBe('fail');
  });
});
