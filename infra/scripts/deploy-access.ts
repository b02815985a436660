import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { environmentNames } from '../lib/environment-files.ts';
import { REPO_ROOT } from '../lib/kryon-stack.ts';

/*
 * `npm run deploy-access -w infra -- <environment> [cdk options]`: deploys, with the caller's
 * own credentials, the environment's deploy-access stack (GitHub's OIDC provider and the role
 * deploy.yml assumes; decision 082). Once per environment, and again only when that stack
 * changes. bin/app.ts checks the file: it must name its account and region. `cdk deploy` shows
 * the IAM statements it adds and asks before it applies them.
 */
const [name, ...cdkOptions] = process.argv.slice(2);
if (!name || name.startsWith('-')) {
  console.error(
    'Name the environment: npm run deploy-access -w infra -- <environment>, one of ' +
      `${environmentNames().join(', ')} (infra/environments/).`,
  );
  process.exit(1);
}
const result = spawnSync(
  join(REPO_ROOT, 'node_modules', '.bin', 'cdk'),
  ['deploy', '--context', `environment=${name}`, '--context', 'deployAccess=true', ...cdkOptions],
  { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' } },
);
process.exit(result.status ?? 1);
