import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, type CfnGlobalTable, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/**
 * The logical ID of the table, pinned: CloudFormation replaces a resource whose logical ID
 * changes, and replacing this table would orphan every stored lead (it is retained) and
 * start an empty one. Refactoring constructs must never move it; a test holds it.
 */
export const SUBMISSIONS_TABLE_LOGICAL_ID = 'SubmissionsTable';

/** The attribute DynamoDB reads to expire items (epoch seconds), set by the functions. */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * The single table of leads and rate-limit counters (keys `pk`/`sk`, see
 * functions/src/adapters/dynamodb.ts): on-demand, point-in-time recovery, TTL clean-up,
 * protected from deletion and retained when the stack goes.
 */
export class SubmissionsTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    (this.table.node.defaultChild as CfnGlobalTable).overrideLogicalId(
      SUBMISSIONS_TABLE_LOGICAL_ID,
    );
  }
}
