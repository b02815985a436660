import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/** Acknowledges one cdk-nag AwsSolutions rule on a construct and everything under it. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * Acknowledges the IAM5 (wildcard) findings of the policies under `scope` that match one of
 * the expected patterns, each finding by its own ID as cdk-nag names it. Anything else
 * (a wildcard nobody reviewed) stays a finding and fails synthesis.
 */
export function acknowledgeExpectedWildcards(
  scope: IConstruct,
  expected: readonly RegExp[],
  reason: string,
): void {
  for (const policy of scope.node.findAll().filter((c) => c instanceof CfnPolicy)) {
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

/** The finding IDs cdk-nag's IAMNoWildcardPermissions rule reports for one policy. */
export function wildcardFindings(policy: CfnPolicy): string[] {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: Statement[] };
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
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
