import { Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/**
 * What `npm run leads:export -- <environment>` needs and nothing more, as a role people of the
 * account may assume (whoever their own policy allows to): find the stack's table by its
 * output, and read the table. Exporting leads then takes no administrator's credentials; it
 * can change nothing, delete nothing, send nothing. (`leads:erase` and `leads:resend --requeue`
 * write, and keep needing a person with write access to the table.)
 */
export class LeadsReaderRole extends Construct {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: { table: ITableV2 }) {
    super(scope, id);
    const stack = Stack.of(this);
    this.role = new Role(this, 'Role', {
      // The account trusts the role; which of its people may assume it is their policies' say
      // ("How to use trust policies with IAM roles", AWS Security Blog; IAM User Guide,
      // "Granting a user permissions to switch roles").
      assumedBy: new AccountRootPrincipal(),
      description: 'Reads the leads table for npm run leads:export (no writes)',
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:DescribeTable', 'dynamodb:Scan'],
        resources: [props.table.tableArn],
      }),
    );
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['cloudformation:DescribeStacks'],
        resources: [stack.stackId],
      }),
    );
  }
}
