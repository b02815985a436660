import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentNames } from '../lib/environment-files.ts';
import { REPO_ROOT } from '../lib/kryon-stack.ts';

/*
 * The deploy workflow gets into AWS by OIDC only (decision 082). The schema check in
 * `npm run lint` (action-validator) proves it is a valid workflow; these read what it does.
 */
const workflow = readFileSync(join(REPO_ROOT, '.github', 'workflows', 'deploy.yml'), 'utf8');
/** The lines that are not comments, so that a comment cannot satisfy or fail a check. */
const code = workflow
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, ''))
  .join('\n');

describe('.github/workflows/deploy.yml', () => {
  it('lets the job mint an OIDC token and read the repository, nothing more', () => {
    expect(code).toMatch(/^permissions:\n {2}id-token: write\n {2}contents: read\n\n/m);
  });

  it('assumes the role named by the GitHub environment, and holds no access key', () => {
    expect(code).toMatch(/role-to-assume: \$\{\{ vars\.AWS_DEPLOY_ROLE_ARN \}\}\n/);
    for (const key of ['aws-access-key-id', 'aws-secret-access-key', 'aws-session-token']) {
      expect(workflow).not.toContain(key);
    }
    expect(code).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|secrets\./);
  });

  it('runs in the GitHub environment being deployed, so its reviewers gate it', () => {
    expect(code).toMatch(/^ {4}environment: \$\{\{ inputs\.environment \|\| 'production' \}\}$/m);
  });

  it('deploys on push to main only once the repository variable says so', () => {
    expect(code).toContain(
      "if: github.event_name == 'workflow_dispatch' || vars.DEPLOY_ON_MAIN == 'true'",
    );
  });

  it('diffs, deploys without a prompt, then verifies, in that order', () => {
    const steps = [
      'npm ci',
      'npm run diff -- "$DEPLOY_ENVIRONMENT"',
      'npm run deploy -- "$DEPLOY_ENVIRONMENT" --require-approval never',
      'npm run verify -- "$DEPLOY_ENVIRONMENT"',
    ].map((step) => code.indexOf(step));
    expect(steps.every((at) => at >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('offers only environments that have a file, and not the local preview', () => {
    const options = /options:\n((?: {10}- .+\n)+)/.exec(code)?.[1];
    const names = [...(options ?? '').matchAll(/- (\S+)/g)].map((match) => match[1]);
    expect(names).toContain('production');
    expect(names).not.toContain('local');
    for (const name of names) expect(environmentNames()).toContain(name);
  });

  it('pins every action to a full commit SHA', () => {
    const uses = [...code.matchAll(/uses: (\S+)/g)].map((match) => match[1]);
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  it('never cancels a deploy in progress, one per environment at a time', () => {
    expect(code).toMatch(
      /concurrency:\n {2}group: deploy-\$\{\{ inputs\.environment \|\| 'production' \}\}\n {2}cancel-in-progress: false/,
    );
  });
});
