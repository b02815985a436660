import { LEADS_TABLE } from '@kryon/functions/table-schema';
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  type CfnGlobalTable,
  ProjectionType,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/**
 * The logical ID of the table, pinned: CloudFormation replaces a resource whose logical ID
 * changes, and replacing this table would orphan every stored lead (it is retained) and
 * start an empty one. Refactoring constructs must never move it; a test holds it.
 */
export const SUBMISSIONS_TABLE_LOGICAL_ID = 'SubmissionsTable';

/** The attribute DynamoDB reads to expire items (epoch seconds), set by the functions. */
export const TTL_ATTRIBUTE = LEADS_TABLE.timeToLiveAttribute;

/**
 * The single table of leads and rate-limit counters, shaped as the functions expect it
 * (functions/src/adapters/table-schema.ts, which the local stack creates too): on-demand,
 * point-in-time recovery, TTL clean-up, the sparse re-send and event-outbox indexes (one
 * update may add one index: CloudFormation refuses two at once), protected from deletion
 * and retained when the stack goes.
 */
export class SubmissionsTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: LEADS_TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: LEADS_TABLE.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: [LEADS_TABLE.pendingSendsIndex, LEADS_TABLE.pendingEventsIndex].map(
        (index) => ({
          indexName: index.name,
          partitionKey: { name: index.partitionKey.name, type: AttributeType.STRING },
          sortKey: { name: index.sortKey.name, type: AttributeType.NUMBER },
          projectionType: ProjectionType.KEYS_ONLY,
        }),
      ),
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
