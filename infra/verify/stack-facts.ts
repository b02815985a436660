import {
  type CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import {
  type DeployedDestinationOutput,
  readDestinationOutputs,
} from '@kryon/functions/destination-outputs';

/** One resource of the deployed stack: what CloudFormation calls it and what AWS does. */
export interface StackResource {
  logicalId: string;
  physicalId: string;
  type: string;
}

/**
 * What the AWS checks know of a deployed environment before they ask anything else: its
 * outputs by key and its resources, read once from CloudFormation, so that every check
 * finds the real name of what it reads (an alarm, the rule, the router) instead of guessing.
 */
export interface StackFacts {
  stackName: string;
  region: string;
  /** The stack's outputs, by OutputKey (the output's logical ID). */
  outputs: Record<string, string>;
  resources: StackResource[];
  /** When the stack was created: what was not there yet may simply be too young to be. */
  createdAt?: Date;
}

/**
 * Reads a stack's outputs (DescribeStacks) and every resource (ListStackResources, which
 * pages: "If the output exceeds 1 MB, a string that identifies the next page").
 * DescribeStacks, Outputs[].OutputKey / OutputValue and CreationTime:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeStacks.html
 * ListStackResources, StackResourceSummaries[].LogicalResourceId / PhysicalResourceId /
 * ResourceType and NextToken:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ListStackResources.html
 * Throws when the stack is not there: nothing else can be checked without it.
 */
export async function loadStackFacts(
  cloudformation: CloudFormationClient,
  stackName: string,
  region: string,
): Promise<StackFacts> {
  const described = await cloudformation.send(new DescribeStacksCommand({ StackName: stackName }));
  const stack = described.Stacks?.[0];
  if (!stack) throw new Error(`CloudFormation has no stack ${stackName} in ${region}`);
  const outputs: Record<string, string> = {};
  for (const output of stack.Outputs ?? []) {
    if (output.OutputKey && output.OutputValue !== undefined) {
      outputs[output.OutputKey] = output.OutputValue;
    }
  }
  const resources: StackResource[] = [];
  let nextToken: string | undefined;
  do {
    const page = await cloudformation.send(
      new ListStackResourcesCommand({ StackName: stackName, NextToken: nextToken }),
    );
    for (const summary of page.StackResourceSummaries ?? []) {
      if (summary.LogicalResourceId && summary.PhysicalResourceId && summary.ResourceType) {
        resources.push({
          logicalId: summary.LogicalResourceId,
          physicalId: summary.PhysicalResourceId,
          type: summary.ResourceType,
        });
      }
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return { stackName, region, outputs, resources, createdAt: stack.CreationTime };
}

/**
 * The resources of one type whose logical ID starts with a construct path, e.g.
 * `AlarmsVisitorBounceBrake` for `AlarmsVisitorBounceBrake7A988992`: CDK builds a logical ID
 * from the construct path and a hash, so the prefix stays while the hash may not.
 */
export function resourcesOf(
  facts: StackFacts,
  type: string,
  logicalIdPrefix = '',
): StackResource[] {
  return facts.resources.filter(
    (resource) => resource.type === type && resource.logicalId.startsWith(logicalIdPrefix),
  );
}

/**
 * Outputs whose key contains `part` (CDK prefixes a nested construct's output keys with its
 * path and suffixes a hash: `EmailDkimRecord13AF1872A`), sorted by key, so 1, 2, 3 in order.
 */
export function outputsNamed(
  facts: StackFacts,
  matches: (key: string) => boolean,
): [string, string][] {
  return Object.entries(facts.outputs)
    .filter(([key]) => matches(key))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The stack's lead-event outputs (infra/lib/kryon-stack.ts, decision 090), by key. */
export const LEAD_EVENT_OUTPUTS = {
  bus: 'LeadEventBusName',
  archive: 'LeadEventArchiveName',
  destinations: 'LeadEventDestinations',
} as const;

/**
 * What the stack says of its lead events: `absent` when it has none of the three outputs (it
 * was deployed before lead events), `invalid` when it has some, or a destinations output that
 * is not the JSON list `LeadEvents.outputs()` writes.
 */
export type LeadEventOutputs =
  | { state: 'absent' }
  | { state: 'invalid'; problem: string }
  | {
      state: 'present';
      busName: string;
      archiveName: string;
      /** As the stack wrote them: an older stack's entries name no kind (only queued kinds then). */
      destinations: DeployedDestinationOutput[];
    };

export function leadEventOutputs(facts: StackFacts): LeadEventOutputs {
  const busName = facts.outputs[LEAD_EVENT_OUTPUTS.bus];
  const archiveName = facts.outputs[LEAD_EVENT_OUTPUTS.archive];
  const listed = facts.outputs[LEAD_EVENT_OUTPUTS.destinations];
  if (busName === undefined && archiveName === undefined && listed === undefined) {
    return { state: 'absent' };
  }
  const missing = Object.values(LEAD_EVENT_OUTPUTS).filter((key) => !facts.outputs[key]);
  if (missing.length > 0 || !busName || !archiveName || !listed) {
    return { state: 'invalid', problem: `the stack has no ${missing.join(' or ')} output` };
  }
  const read = readDestinationOutputs(listed);
  if ('problem' in read) {
    return {
      state: 'invalid',
      problem: `its ${LEAD_EVENT_OUTPUTS.destinations} output ${read.problem}`,
    };
  }
  return { state: 'present', busName, archiveName, destinations: read.destinations };
}
