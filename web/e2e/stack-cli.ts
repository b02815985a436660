import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_DATA_DIR, E2E_PORTS } from '../playwright.config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * One of the repository's npm scripts (`leads:resend`, `leads:export`, `verify`) against this run's
 * stack, as an operator runs it against `npm start`: its output.
 */
export async function runOnStack(script: string, args: readonly string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORTS.site),
      DYNAMODB_PORT: String(E2E_PORTS.dynamodb),
      SES_PORT: String(E2E_PORTS.ses),
      WEBHOOK_PORT: String(E2E_PORTS.webhooks),
      EVENT_BUS_PORT: String(E2E_PORTS.eventBus),
      // The stack's own data folder, where its site secret is kept.
      DATA_DIR: E2E_DATA_DIR,
    },
  });
  return stdout;
}
