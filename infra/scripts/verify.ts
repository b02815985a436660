import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ApiGatewayV2Client } from '@aws-sdk/client-apigatewayv2';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { WAFV2Client } from '@aws-sdk/client-wafv2';
import { createDynamoLeadStore } from '@kryon/functions/lead-store';
import { localSettings } from '@kryon/functions/local-settings';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import { environmentNames, loadEnvironmentFile } from '../lib/environment-files.ts';
import { awsChecks } from '../verify/aws-checks.ts';
import { fail } from '../verify/check.ts';
import { loadStackFacts } from '../verify/stack-facts.ts';
import {
  failedChecks,
  formatResults,
  type VerifyTarget,
  verifyEnvironment,
} from '../verify/verify-environment.ts';

/*
 * `npm run verify -- <environment>`: proves a deployed environment end to end (README "After
 * deploying"), or with `local` the stack `npm start` runs (PORT, DYNAMODB_PORT, TABLE_NAME as
 * it has them). One line per check; exit 1 on any failure, each with what to do.
 */
const USAGE = `Usage: npm run verify -- <environment> [--within <seconds>]

  <environment>       local (the running npm start), or a file of infra/environments/
  --within <seconds>  how long SES may take to report an e-mail's outcome
                      (default: 20 locally, 300 deployed)

Deployed, it reads the stack with your AWS credentials (read-only calls, and the leads
table's items of this run) and posts research downloads to SES's mailbox simulator only.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { within: { type: 'string' }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [name] = positionals;
  if (values.help || !name || positionals.length > 1) {
    console.error(
      `${USAGE}\n\nEnvironments: local, ${environmentNames()
        .filter((file) => file !== 'local')
        .join(', ')}`,
    );
    return values.help ? 0 : 2;
  }
  const within = values.within === undefined ? undefined : Number(values.within);
  if (within !== undefined && !(within > 0)) {
    console.error(`--within must be a number of seconds above 0, not "${values.within}".`);
    return 2;
  }
  const runId = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex')}`;
  const target =
    name === 'local'
      ? localTarget(runId, within)
      : await deployedTarget(name, runId, within).catch((error: unknown) => {
          if (error instanceof EnvironmentError) return error;
          throw error;
        });
  if (target instanceof EnvironmentError) {
    console.error(target.message);
    return 2;
  }
  console.log(`Verifying ${name} at ${target.site.siteUrl} (run ${runId})`);
  const results = await verifyEnvironment(target);
  console.log(formatResults(results));
  const failed = failedChecks(results);
  console.log(
    failed.length === 0
      ? `\n${name}: every check ok.`
      : `\n${name}: ${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.map((result) => result.name).join('; ')}. The README's "After deploying" has a runbook per check.`,
  );
  return failed.length === 0 ? 0 : 1;
}

/** The stack `npm start` runs on this machine, as its own variables place it. */
function localTarget(runId: string, within: number | undefined): VerifyTarget {
  const settings = localSettings();
  const dynamo = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${settings.dynamoPort}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const store = createDynamoLeadStore(dynamo, settings.tableName);
  return {
    site: { siteUrl: `http://127.0.0.1:${settings.port}`, runId },
    mail: {
      findLead: (form, key) => store.findLead(form, key),
      outcomeWithinMs: (within ?? 20) * 1000,
      pollMs: 250,
    },
  };
}

/** A deployed environment: its stack's outputs and resources, read with your credentials. */
async function deployedTarget(
  name: string,
  runId: string,
  within: number | undefined,
): Promise<VerifyTarget> {
  const { file, input } = await loadEnvironmentFile(name);
  const { config } = parseEnvironment(file, input, { region: process.env.AWS_REGION });
  const region = config.env.region;
  if (!region) {
    throw new EnvironmentError(`${file} names no region, and AWS_REGION is not set.`);
  }
  const facts = await loadStackFacts(
    new CloudFormationClient({ region }),
    config.stackName,
    region,
  );
  const siteUrl = config.siteOrigin ?? facts.outputs.SiteUrl;
  const tableName = facts.outputs.TableName;
  if (!siteUrl || !tableName) {
    throw new EnvironmentError(
      `The stack ${config.stackName} in ${region} has no SiteUrl or TableName output: is it deployed from this commit?`,
    );
  }
  const store = createDynamoLeadStore(new DynamoDBClient({ region }), tableName);
  return {
    site: { siteUrl, executeApiUrl: facts.outputs.ExecuteApiUrl, runId },
    mail: {
      findLead: (form, key) => store.findLead(form, key),
      outcomeWithinMs: (within ?? 300) * 1000,
      pollMs: 5_000,
    },
    aws: () =>
      awsChecks(
        {
          ses: new SESv2Client({ region }),
          cloudwatch: new CloudWatchClient({ region }),
          eventbridge: new EventBridgeClient({ region }),
          cloudfront: new CloudFrontClient({ region: 'us-east-1' }),
          wafv2: new WAFV2Client({ region: 'us-east-1' }),
          sns: new SNSClient({ region }),
          apigateway: new ApiGatewayV2Client({ region }),
          secretsmanager: new SecretsManagerClient({ region }),
          sqs: new SQSClient({ region }),
        },
        facts,
        { environment: name, destinations: config.leadEvents.destinations },
      ).catch((error: unknown) => [
        fail(
          'AWS checks',
          String(error),
          'See the error: credentials, region, or a missing permission (VERIFY_IAM_ACTIONS).',
        ),
      ]),
  };
}

process.exitCode = await main(process.argv.slice(2));
