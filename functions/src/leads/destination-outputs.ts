/**
 * The stack output `LeadEventDestinations` (infra/lib/lead-events.ts): a JSON list with one
 * entry per destination, naming what `npm run webhooks:replay` and `npm run verify` work on.
 * One definition for the stack that writes it and for both commands that read it.
 */
import * as z from 'zod/mini';
import { QUEUED_KINDS } from './event-destinations.ts';

const arn = z.string().check(z.startsWith('arn:'));
const url = z.string().check(z.startsWith('https://'));

/** What every destination has, whatever its kind. */
const common = {
  name: z.string().check(z.minLength(1)),
  /** The rule of its events: the filter of a replay from the archive. */
  ruleArn: arn,
  /** What failed every attempt: the rule's undeliverable events (and a queue's redrive). */
  deadLetterQueueUrl: url,
  deadLetterQueueArn: arn,
};

/** A Slack or webhook destination's queue, which the delivery function reads. */
const queued = {
  queueUrl: url,
  queueArn: arn,
};

/** An `api` destination: EventBridge's own API destination, which its rules target. */
const api = {
  /** What its redelivery rule matches in an event's `resources`. */
  apiDestinationArn: arn,
  /** The connection that holds its key. */
  connectionArn: arn,
  /** Its rule of events sent again to it alone (`redeliveryPattern`). */
  redeliveryRuleArn: arn,
  /**
   * The version of its secret the deploy gave the connection (the environment file's
   * `secretVersion` then), absent when the file pinned none (local.ts) or the stack was
   * deployed before it was written: what `npm run verify` compares with the file's pin, as
   * the connection's key changes only when a deploy changes that pin.
   */
  secretVersion: z.optional(z.string()),
};

const apiOutput = z.object({ kind: z.literal('api'), ...common, ...api });

/** One destination as the stack writes it: every entry names its kind. */
export const destinationOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(QUEUED_KINDS), ...common, ...queued }),
  apiOutput,
]);
export type DestinationOutput = z.output<typeof destinationOutput>;

/**
 * One destination as a command reads it from a deployed stack: as written, or as a stack
 * deployed before `api` destinations wrote it, without `kind`, which only queued kinds existed
 * then to leave out. Keys a newer stack adds are dropped, so an older command still reads it.
 */
export const deployedDestinationOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.optional(z.enum(QUEUED_KINDS)), ...common, ...queued }),
  apiOutput,
]);
export type DeployedDestinationOutput = z.output<typeof deployedDestinationOutput>;

/** The keys every entry has, and those of each kind: what a message says the list lacks. */
export const DESTINATION_OUTPUT_SHAPE =
  `{ name, kind, ruleArn, deadLetterQueueUrl, deadLetterQueueArn, ` +
  `and queueUrl, queueArn (slack, webhook) or apiDestinationArn, connectionArn, redeliveryRuleArn (api) }`;

/**
 * The output's text read as the list of destinations, or what is wrong with it: where, by
 * entry and key (the text itself is never repeated, so a caller may print the problem).
 */
export function readDestinationOutputs(
  text: string,
): { destinations: DeployedDestinationOutput[] } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `is not JSON; it should be a list of ${DESTINATION_OUTPUT_SHAPE}` };
  }
  const parsed = z.safeParse(z.array(deployedDestinationOutput), json);
  if (parsed.success) return { destinations: parsed.data };
  const paths = [
    ...new Set(
      parsed.error.issues.map((issue) =>
        issue.path.length === 0
          ? '(the whole value)'
          : issue.path
              .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
              .join(''),
      ),
    ),
  ];
  return {
    problem: `is not a JSON list of ${DESTINATION_OUTPUT_SHAPE} (wrong or missing: ${paths.slice(0, 5).join(', ')})`,
  };
}
