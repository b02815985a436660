import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/** Acknowledges one cdk-nag AwsSolutions rule on a construct and everything under it. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * Acknowledges the IAM5 (wildcard) findings of the policies under `scope` (policies, and roles'
 * inline policies) that match one of the expected patterns, each finding by its own ID as
 * cdk-nag names it. Anything else (a wildcard nobody reviewed) stays a finding and fails
 * synthesis.
 */
export function acknowledgeExpectedWildcards(
  scope: IConstruct,
  expected: readonly RegExp[],
  reason: string,
): void {
  const holders = scope.node
    .findAll()
    .filter((c): c is CfnPolicy | CfnRole => c instanceof CfnPolicy || c instanceof CfnRole);
  for (const policy of holders) {
    for (const finding of wildcardFindings(policy)) {
      if (expected.some((pattern) => pattern.test(finding))) {
        Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
      }
    }
  }
}

interface Statement {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/**
 * The finding IDs cdk-nag's IAMNoWildcardPermissions rule reports for one policy, or for a
 * role's inline policies.
 */
export function wildcardFindings(policy: CfnPolicy | CfnRole): string[] {
  const resolve = (value: unknown) =>
    Stack.of(policy).resolve(value) as { Statement?: Statement[] };
  const documents =
    policy instanceof CfnPolicy
      ? [resolve(policy.policyDocument)]
      : ((Stack.of(policy).resolve(policy.policies) ?? []) as { policyDocument?: unknown }[]).map(
          (inline) => resolve(inline.policyDocument),
        );
  const findings = new Set<string>();
  for (const statement of documents.flatMap((document) => document?.Statement ?? [])) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of list(statement.Action)) {
      if (String(action).includes('*')) findings.add(`Action::${action}`);
    }
    for (const resource of list(statement.Resource).map(flattenCfnReference)) {
      if (resource.includes('*')) findings.add(`Resource::${resource}`);
    }
  }
  return [...findings];
}

function list<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
