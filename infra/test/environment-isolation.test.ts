import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError } from '../lib/environment.ts';
import {
  ENVIRONMENTS_DIR,
  SITE_BUILD_RECORD,
  stackCollisions,
  stackTargets,
} from '../lib/environment-files.ts';
import { environmentStack } from '../lib/environment-stack.ts';
import { filledInProduction } from './filled-in-production.ts';
import { filledInStaging } from './filled-in-staging.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { cdkJsonContext } from './synth.ts';

/*
 * Decision 084: environments that cannot touch each other's stack, state that outlives the
 * stack's declaring it, and a template that never decides whether visitor mail is paused.
 */
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function environmentsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kryon-environments-'));
  temp.push(dir);
  for (const [name, input] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.ts`), `export default ${JSON.stringify(input, null, 2)};\n`);
  }
  return dir;
}

function siteBuild(siteOrigin: string): string {
  const siteDir = writeSiteFixture();
  temp.push(dirname(siteDir));
  writeFileSync(
    join(siteDir, '..', SITE_BUILD_RECORD),
    JSON.stringify({ siteOrigin, apiOrigin: '' }),
  );
  return siteDir;
}

const newApp = () => new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });

async function refusal(name: string, dir: string): Promise<string> {
  try {
    await environmentStack(newApp(), { name, dir, siteDir: siteBuild('https://kryon.security') });
  } catch (error) {
    if (error instanceof EnvironmentError) return error.message;
    throw error;
  }
  return '';
}

const ACCOUNT = '123456789012';
const pinned = (stackName?: string, account = ACCOUNT, region = 'us-east-1') => ({
  kind: 'preview',
  ...(stackName ? { stackName } : {}),
  account,
  region,
});

describe('stack names', () => {
  it('are distinct across every environment file the repository holds', async () => {
    const targets = await stackTargets(ENVIRONMENTS_DIR);

    expect(stackCollisions(targets)).toEqual([]);
    expect(targets.map((t) => [t.file, t.stackName])).toEqual(
      expect.arrayContaining([
        ['infra/environments/local.ts', 'KryonWeb-local'],
        // The deployed stack keeps its name: a new one would be a second stack.
        ['infra/environments/production.ts', 'KryonWeb'],
      ]),
    );
  });

  it('refuse, at synth, two files with one stack in one account and region, naming both', async () => {
    const dir = environmentsDir({ a: pinned('KryonWeb'), b: pinned('KryonWeb') });

    expect(await refusal('a', dir)).toContain(
      'infra/environments/a.ts and infra/environments/b.ts both deploy the stack KryonWeb to ' +
        `account ${ACCOUNT}, us-east-1`,
    );
    // Whichever of the two is synthesized.
    expect(await refusal('b', dir)).toContain(
      'infra/environments/a.ts and infra/environments/b.ts',
    );
  });

  it('count a file that names no account or region as naming the other’s', async () => {
    const dir = environmentsDir({
      production: { ...pinned('KryonWeb'), account: 'FILL IN: the account' },
      sandbox: { kind: 'preview', stackName: 'KryonWeb' },
    });

    expect(await refusal('sandbox', dir)).toMatch(
      /production\.ts and infra\/environments\/sandbox\.ts both deploy the stack KryonWeb to one account and region \(.*names no account or region: the credentials choose\)/,
    );
  });

  it('refuse an explicit name that is another file’s derived one, whatever its case', async () => {
    const dir = environmentsDir({ staging: pinned(), other: pinned('kryonweb-STAGING') });

    expect(await refusal('other', dir)).toContain('both deploy the stack');
  });

  it('allow one name in two accounts, or two regions', () => {
    const target = (file: string, account: string, region: string) => ({
      file,
      stackName: 'KryonWeb',
      account,
      region,
    });

    expect(
      stackCollisions([
        target('a.ts', ACCOUNT, 'us-east-1'),
        target('b.ts', '210987654321', 'us-east-1'),
        target('c.ts', ACCOUNT, 'eu-west-1'),
      ]),
    ).toEqual([]);
  });

  it('derive from the file’s name unless the file sets one', async () => {
    const dir = environmentsDir({ staging: pinned(), qa: pinned('KryonQa') });

    expect((await stackTargets(dir)).map((t) => t.stackName)).toEqual([
      'KryonQa',
      'KryonWeb-staging',
    ]);
  });
});

describe('a file that can deploy', () => {
  it('names its account and region, or synth refuses it', async () => {
    const { account: _account, region: _region, ...unpinned } = filledInProduction();
    // A preview, complete: the region's rules (a web ACL only in us-east-1) aside.
    const dir = environmentsDir({ production: { ...unpinned, kind: 'preview', waf: undefined } });

    expect(await refusal('production', dir)).toContain(
      'infra/environments/production.ts names no account or region: a file that can deploy names where it deploys',
    );
  });
});

/** The two filled-in environments in one account and region, each synthesized as `cdk synth` does. */
const environments = (async () => {
  const dir = environmentsDir({ production: filledInProduction(), staging: filledInStaging() });
  const synthesize = async (name: string, origin: string) => {
    const app = newApp();
    const { stack } = await environmentStack(app, { name, dir, siteDir: siteBuild(origin) });
    app.synth();
    return { stack, template: Template.fromStack(stack) };
  };
  return {
    production: await synthesize('production', 'https://kryon.security'),
    staging: await synthesize('staging', 'https://staging.kryon.security'),
  };
})();

type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
const resources = (template: Template) =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>);

/**
 * Names AWS does not hold unique: an HTTP API is known by its id, whatever its name.
 */
const NOT_UNIQUE = new Set(['AWS::ApiGatewayV2::Api Name']);

/** Properties that name a resource in its account and region (or globally), where the template writes them. */
const NAME_KEYS = new Set([
  'Name',
  'FunctionName',
  'CanaryName',
  'AlarmName',
  'TableName',
  'TopicName',
  'RoleName',
  'BucketName',
  'LogGroupName',
  'QueueName',
  'DashboardName',
  'EventBusName',
  'SecretName',
  'ConfigurationSetName',
  'EmailIdentity',
  'DomainName',
  'Aliases',
]);

/**
 * Every literal name a template gives a resource: in its properties or one level down in a
 * `...Config` (CloudFront's policies); a name left to CloudFormation (absent, or a token) is
 * unique by construction.
 */
function explicitNames(template: Template): Map<string, string> {
  const names = new Map<string, string>();
  const collect = (type: string, props: Record<string, unknown> | undefined) => {
    for (const [key, value] of Object.entries(props ?? {})) {
      if (key.endsWith('Config') && value && typeof value === 'object') {
        collect(type, value as Record<string, unknown>);
      }
      if (!NAME_KEYS.has(key)) continue;
      for (const name of Array.isArray(value) ? value : [value]) {
        if (typeof name === 'string' && !NOT_UNIQUE.has(`${type} ${key}`)) {
          names.set(`${type} ${key} ${name}`, name);
        }
      }
    }
  };
  for (const [, resource] of resources(template)) collect(resource.Type, resource.Properties);
  return names;
}

/** Every property path, at any depth, whose key matches. */
function keysNamed(found: [string, Resource][], key: RegExp): string[] {
  const paths: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (key.test(k)) paths.push(`${path}.${k}`);
      walk(v, `${path}.${k}`);
    }
  };
  for (const [id, r] of found) walk(r.Properties, id);
  return paths;
}

describe('production and staging, filled in, in one account and region', () => {
  it('are two stacks', async () => {
    const { production, staging } = await environments;

    expect(production.stack.stackName).toBe('KryonWeb');
    expect(staging.stack.stackName).toBe('KryonWeb-staging');
    for (const { stack } of [production, staging]) {
      expect([stack.account, stack.region]).toEqual([ACCOUNT, 'us-east-1']);
    }
  });

  it('never give two resources one name', async () => {
    const { production, staging } = await environments;
    const ours = explicitNames(production.template);
    const theirs = explicitNames(staging.template);

    // The check sees names: the canary's, CloudFront's, the identity, the API's domain.
    expect([...ours.keys()]).toEqual(
      expect.arrayContaining([
        'AWS::Synthetics::Canary Name kryonweb-visitor',
        'AWS::SES::EmailIdentity EmailIdentity kryon.security',
      ]),
    );
    expect([...theirs.keys()].filter((key) => ours.has(key))).toEqual([]);
  });

  it.each([
    ['AWS::SES::EmailIdentity', 1],
    ['AWS::SES::ConfigurationSet', 2],
    ['AWS::DynamoDB::GlobalTable', 1],
    ['AWS::SecretsManager::Secret', 2],
  ])('retain every %s when the stack stops declaring it', async (type, atLeast) => {
    const { production, staging } = await environments;
    for (const { template } of [production, staging]) {
      const found = resources(template).filter(([, r]) => r.Type === type);

      expect(found.length).toBeGreaterThanOrEqual(atLeast);
      for (const [id, r] of found) {
        expect({ id, deletion: r.DeletionPolicy, replace: r.UpdateReplacePolicy }).toEqual({
          id,
          deletion: 'Retain',
          replace: 'Retain',
        });
      }
    }
  });

  it('never decide whether a configuration set sends: a paused set stays paused through a deploy', async () => {
    const { production, staging } = await environments;
    for (const { template } of [production, staging]) {
      const sets = resources(template).filter(([, r]) => r.Type === 'AWS::SES::ConfigurationSet');

      expect(sets).toHaveLength(2);
      for (const [, set] of sets) expect(set.Properties).not.toHaveProperty('SendingOptions');
      // Nor does any other resource, nor a custom resource calling the API at deploy time.
      expect(keysNamed(resources(template), /^Sending(Options|Enabled)$/)).toEqual([]);
      const custom = resources(template).filter(
        ([, r]) =>
          r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource',
      );
      expect(JSON.stringify(custom)).not.toMatch(/ConfigurationSetSending/);
    }
  });
});
