import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_PORTS } from '../playwright.config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * One of the repository's npm scripts (`leads:resend`, `leads:export`) against this run's
 * stack, as an operator runs it against `npm start`: its output.
 */
export async function runOnStack(script: string, args: readonly string[]): Promise<string> {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DYNAMODB_PORT: String(E2E_PORTS.dynamodb),
      SES_PORT: String(E2E_PORTS.ses),
      // The stack's own data folder, where its site secret is kept (playwright.config.ts).
      DATA_DIR: join(tmpdir(), `kryon-e2e-${offset}`),
    },
  });
  return stdout;
}
