import {
  DescribeRuleCommand,
  type EventBridgeClient,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import { type CheckResult, fail, guarded, ok } from './check.ts';
import { MAIL_STREAMS } from './ses-checks.ts';
import { SAMPLE_EVENT_TYPES, sesSampleEvent } from './ses-sample-events.ts';
import { resourcesOf, type StackFacts } from './stack-facts.ts';

/** The delivery-events rule's logical ID starts with its construct path (delivery-events.ts). */
export const DELIVERY_RULE_LOGICAL_PREFIX = 'DeliveryEventsRule';

/** A set that is not ours: its events must stay out of the function. */
export const FOREIGN_CONFIGURATION_SET = 'another-sender-in-this-account';

/**
 * The rule that hands SES events to the delivery-events function matches what SES really
 * sends: the documented Bounce, Complaint and Delivery samples of both our sets, and not the
 * same events of another set. EventBridge evaluates its own pattern (TestEventPattern), so a
 * wrong detail-type name or set filter shows here, not as leads that never learn their fate.
 * DescribeRule returns Name, State (ENABLED | DISABLED) and EventPattern:
 * https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_DescribeRule.html
 * TestEventPattern(Event, EventPattern) returns Result, "whether the event matches":
 * https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_TestEventPattern.html
 * The samples and their documentation: ses-sample-events.ts.
 */
export async function checkDeliveryRule(
  eventbridge: EventBridgeClient,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'EventBridge rule matches SES events';
  const rule = resourcesOf(facts, 'AWS::Events::Rule', DELIVERY_RULE_LOGICAL_PREFIX)[0];
  if (!rule) {
    return [
      fail(
        name,
        `the stack has no ${DELIVERY_RULE_LOGICAL_PREFIX}* rule`,
        'The deployed stack is older than this verify: deploy the environment again.',
      ),
    ];
  }
  // A rule on the default bus is named by its physical ID; one on another bus is `bus|name`.
  const [busOrName, ruleName] = rule.physicalId.split('|');
  const ruleRequest = ruleName
    ? { Name: ruleName, EventBusName: busOrName }
    : { Name: busOrName as string };
  return guarded(
    name,
    `The verify role needs events:DescribeRule and events:TestEventPattern.`,
    async () => {
      const described = await eventbridge.send(new DescribeRuleCommand(ruleRequest));
      const pattern = described.EventPattern;
      if (!pattern) return fail(name, `${ruleRequest.Name} has no event pattern`, redeploy(facts));
      if (described.State !== 'ENABLED') {
        return fail(
          name,
          `${ruleRequest.Name} is ${described.State ?? 'in no state'}: no SES event reaches the function`,
          `Enable it: \`aws events enable-rule --name ${ruleRequest.Name}\`, then find who disabled it.`,
        );
      }
      const sets = MAIL_STREAMS.map(({ output }) => facts.outputs[output]).filter(
        (set): set is string => Boolean(set),
      );
      const cases = [
        ...sets.flatMap((set) => SAMPLE_EVENT_TYPES.map((type) => ({ type, set, expected: true }))),
        ...SAMPLE_EVENT_TYPES.map((type) => ({
          type,
          set: FOREIGN_CONFIGURATION_SET,
          expected: false,
        })),
      ];
      const outcomes = await Promise.all(
        cases.map(async (sample) => {
          const event = sesSampleEvent(sample.type, sample.set, facts.region);
          const { Result } = await eventbridge.send(
            new TestEventPatternCommand({ EventPattern: pattern, Event: JSON.stringify(event) }),
          );
          return { ...sample, detailType: event['detail-type'], matched: Result === true };
        }),
      );
      const unmatched = outcomes.filter((o) => o.expected && !o.matched);
      const leaked = outcomes.filter((o) => !o.expected && o.matched);
      if (unmatched.length === 0 && leaked.length === 0 && sets.length === MAIL_STREAMS.length) {
        return ok(
          name,
          `${ruleRequest.Name} matches the documented ${SAMPLE_EVENT_TYPES.join(', ')} events of ` +
            `${sets.join(' and ')}, and not another set's`,
        );
      }
      const wrong = [
        ...unmatched.map(
          (o) => `the documented ${o.type} event ("${o.detailType}") of ${o.set} did not match`,
        ),
        ...leaked.map((o) => `a ${o.type} event of another set (${o.set}) matched`),
        ...(sets.length < MAIL_STREAMS.length ? ['a configuration-set output is missing'] : []),
      ];
      return fail(
        name,
        `${ruleRequest.Name}: ${wrong.join('; ')}`,
        unmatched.length > 0
          ? 'Those events never reach the delivery-events function: no lead records them and the ' +
              'brake counts nothing. Compare the rule pattern (`aws events describe-rule --name ' +
              `${ruleRequest.Name}\`) with SES's detail-types and set names; fix ` +
              'functions/src/leads/ses-event-types.ts or infra/lib/delivery-events.ts and deploy.'
          : "The rule lets other senders' SES events into the function: restore the " +
              'configuration-set filter in infra/lib/delivery-events.ts and deploy.',
      );
    },
  );
}

function redeploy(facts: StackFacts): string {
  return `Deploy the environment again, then check drift on ${facts.stackName}.`;
}
