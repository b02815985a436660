import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { formRecipients } from '@kryon/functions/config';
import { LEAD_FORMS } from '@kryon/shared/api';
import { App, type CfnResource, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError, type EnvironmentInput } from '../lib/environment.ts';
import { SITE_BUILD_RECORD } from '../lib/environment-files.ts';
import { environmentStack } from '../lib/environment-stack.ts';
import { REPO_ROOT } from '../lib/kryon-stack.ts';
import { filledInProduction } from './filled-in-production.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { cdkJsonContext } from './synth.ts';

/*
 * The path `cdk synth` takes (bin/app.ts): an environment file by name, checked, and the
 * site build checked against it. The files are written to a temp dir as plain exports.
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

/** A fixture build, made for these origins (what web's build writes beside client/). */
function siteBuild(built?: {
  siteOrigin: string;
  apiOrigin: string;
  leadDestinations?: string;
}): string {
  const siteDir = writeSiteFixture();
  temp.push(dirname(siteDir));
  if (built) writeFileSync(join(siteDir, '..', SITE_BUILD_RECORD), JSON.stringify(built));
  return siteDir;
}

const newApp = () => new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });

async function refusal(name: string, dir: string, siteDir: string): Promise<string> {
  try {
    await environmentStack(newApp(), { name, dir, siteDir });
  } catch (error) {
    if (error instanceof EnvironmentError) return error.message;
    throw error;
  }
  return '';
}

const KRYON_BUILD = { siteOrigin: 'https://kryon.security', apiOrigin: '' };

describe('the production file, filled in, with every form given its own recipients', () => {
  const recipients = Object.fromEntries(
    LEAD_FORMS.map((form) => [form, [`${form}@kryon.security`]]),
  );
  const production: EnvironmentInput = { ...filledInProduction(), recipients };
  const dir = environmentsDir({ production });
  const siteDir = siteBuild(KRYON_BUILD);
  const app = newApp();
  const built = environmentStack(app, { name: 'production', dir, siteDir }).then((result) => {
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    app.synth();
    return { ...result, template: Template.fromStack(result.stack) };
  });

  it('synthesizes, with cdk-nag, and no warning that it is a preview', async () => {
    const { stack } = await built;
    expect(stack.stackName).toBe('KryonWeb');
    expect(stack.account).toBe('123456789012');
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('preview|placeholder'));
  });

  it.each(LEAD_FORMS)(
    'mails %s leads, first and re-sent, to the list the file gives the form',
    async (form) => {
      const { stack, template } = await built;
      const variables = (fn: IFunction) =>
        template.toJSON().Resources[
          stack.resolve((fn.node.defaultChild as CfnResource).logicalId) as string
        ].Properties.Environment.Variables as NodeJS.ProcessEnv;
      const formFunction = stack.api.functions.get(form);
      if (!formFunction) throw new Error(`no function for ${form}`);
      const expected = [`${form}@kryon.security`];
      expect(formRecipients(form, variables(formFunction))).toEqual(expected);
      expect(formRecipients(form, variables(stack.resend.fn))).toEqual(expected);
    },
  );
});

describe('refusals', () => {
  const siteDir = siteBuild(KRYON_BUILD);

  it('names the sender when the production file has none', async () => {
    const { sender: _sender, ...production } = filledInProduction();
    const message = await refusal('production', environmentsDir({ production }), siteDir);
    expect(message).toMatch(/^ {2}sender: is required in production/m);
  });

  it('names the environments there are when asked for one that is not', async () => {
    const dir = environmentsDir({ production: filledInProduction(), staging: { kind: 'preview' } });
    expect(await refusal('prod', dir, siteDir)).toContain(
      'There is no environment "prod": the environments are production, staging',
    );
  });

  it('refuses a production stack without a site build, or with one made for other origins', async () => {
    const dir = environmentsDir({ production: filledInProduction() });
    expect(await refusal('production', dir, join(siteDir, 'nothing-here'))).toContain(
      'There is no site build',
    );
    const other = siteBuild({ siteOrigin: 'https://kryon.security', apiOrigin: 'https://api.x' });
    expect(await refusal('production', dir, other)).toMatch(
      /built with API origin "https:\/\/api\.x", not ""/,
    );
    const stale = siteBuild();
    expect(await refusal('production', dir, stale)).toContain(`has no ${SITE_BUILD_RECORD}`);
  });

  it('refuses a production site built for other lead destinations: its privacy notice would be wrong', async () => {
    const production = {
      ...filledInProduction(),
      leadEvents: {
        destinations: [{ kind: 'slack' as const, name: 'sales', secret: 'kryon/slack-sales' }],
      },
    };
    const dir = environmentsDir({ production });
    expect(await refusal('production', dir, siteBuild(KRYON_BUILD))).toMatch(
      /built with lead destinations "", not "slack" \(its privacy notice would name other recipients/,
    );
    const built = siteBuild({ ...KRYON_BUILD, leadDestinations: 'slack' });
    expect(await refusal('production', dir, built)).not.toContain('lead destinations');
  });

  it('lets a preview synthesize without a build, and says so on the stack', async () => {
    const dir = environmentsDir({ preview: { kind: 'preview' } });
    const app = newApp();
    const { stack } = await environmentStack(app, {
      name: 'preview',
      dir,
      siteDir: join(siteDir, 'nothing-here'),
    });
    const warnings = Annotations.fromStack(stack).findWarning(
      '*',
      Match.stringLikeRegexp('kryon:preview-environment'),
    );
    expect(warnings.map((w) => String(w.entry.data))).toEqual([
      expect.stringContaining('There is no site build'),
      expect.stringContaining(
        'names no sender, recipients, or apiOrigin: example.com placeholders',
      ),
    ]);
  });
});

describe('npm run synth|deploy', () => {
  const cli = (...args: string[]) =>
    spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/scripts/cdk.ts', ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('refuses the committed production file before building anything, naming what to fill in', () => {
    const { status, stderr, stdout } = cli('synth', 'production');
    expect(status).toBe(1);
    expect(stderr).toContain('infra/environments/production.ts is not a valid environment');
    expect(stderr).toMatch(/account: is still to be filled in/);
    expect(stdout).not.toContain('Building the site');
  });

  it('asks which environment to deploy, and refuses to deploy placeholders', () => {
    expect(cli('deploy').stderr).toContain('Name the environment to deploy');
    const local = cli('deploy', 'local');
    expect(local.status).toBe(1);
    expect(local.stderr).toContain(
      'infra/environments/local.ts names no sender, recipients, or apiOrigin',
    );
  });
});
