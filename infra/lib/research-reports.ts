import { existsSync } from 'node:fs';
import { Annotations, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeExpectedWildcards } from './nag.ts';

export interface ResearchReportsProps {
  /** The build's reports, `<id>.pdf` (web/build/reports). */
  reportsDir: string;
  accessLogsBucket: IBucket;
  logRetention: RetentionDays;
}

/**
 * The research reports' own private bucket, apart from the site's distribution and upload;
 * the report function, its only reader, hands out presigned URLs (decision 031).
 */
export class ResearchReports extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: ResearchReportsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'reports/',
    });

    if (!existsSync(props.reportsDir)) {
      Annotations.of(this).addWarningV2(
        'kryon:reports-build-missing',
        `No research reports at ${props.reportsDir}: none is uploaded and every report link answers its "unavailable" page. Run \`npm run build\` before \`cdk deploy\`.`,
      );
      return;
    }
    const deployment = new BucketDeployment(this, 'Deploy', {
      sources: [Source.asset(props.reportsDir, { exclude: ['*', '!*.pdf'] })],
      destinationBucket: this.bucket,
      prune: true,
      // The site's memory limit: CDK keeps one upload handler per limit, and that one is
      // already reviewed (its runtime and basic execution policy, static-site.ts).
      memoryLimit: 512,
      logGroup: new LogGroup(this, 'DeploymentLogs', { retention: props.logRetention }),
    });
    // The upload handler is CDK's singleton; its grants now reach this bucket's objects too.
    const handler = deployment.handlerRole.node.scope;
    if (handler) {
      acknowledgeExpectedWildcards(
        handler,
        [
          /^Action::s3:[A-Za-z]+\*$/,
          /^Resource::arn:(?:aws[a-z-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
          new RegExp(
            `^Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)}\\.Arn>/\\*$`,
          ),
        ],
        "CDK BucketDeployment's grants: read objects of the CDK asset bucket, write and prune " +
          'objects of the reports bucket. The object wildcards stay inside those two buckets.',
      );
    }
  }

  /** Lets a function read the reports, nothing else: GetObject on the bucket's PDFs. */
  grantRead(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects('*.pdf')],
      }),
    );
    if (!fn.role) return;
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    acknowledgeExpectedWildcards(
      fn.role,
      [new RegExp(`^Resource::<${bucketId}\\.Arn>/\\*\\.pdf$`)],
      'GetObject on the reports bucket: any of its PDFs (one per research item, named by the ' +
        'personal link the function has verified), and nothing else in any bucket.',
    );
  }
}
