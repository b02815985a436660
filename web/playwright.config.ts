import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { browserExecutable, CHROMIUM_ARGS } from './scripts/chromium.ts';

/*
 * Browser journeys against the real product: `npm start` from the repository root (the built
 * site, the Lambda handlers, dynalite and aws-ses-v2-local), on ports of their own so a
 * developer's running `npm start` is left alone. The browser: CHROME_PATH, else Playwright's
 * own Chromium, else Debian's, else an installed Chrome (scripts/chromium.ts).
 */
// E2E_PORT_OFFSET lets two runs (two developers' checkouts on one machine) avoid each other.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  site: 3100 + offset,
  dynamodb: 8100 + offset,
  ses: 8105 + offset,
  webhooks: 8110 + offset,
  eventBus: 8111 + offset,
} as const;
/** The build the journeys' server serves, relative to web/: an offset run builds apart. */
export const E2E_BUILD_DIR = offset ? `build-e2e-${offset}` : 'build';

/**
 * The stack's data folder (its table, its site secret). Its budgets last an hour (sales
 * e-mails one by one, confirmations to visitors), so a run that found an earlier run's table
 * would start with what that run spent. The runner empties the folder once, when it first
 * reads this file (before it starts the server); its workers, which read this file too,
 * inherit KRYON_E2E_DATA_DIR and leave it be.
 */
export const E2E_DATA_DIR = join(tmpdir(), `kryon-e2e-${offset}`);
if (process.env.KRYON_E2E_DATA_DIR !== E2E_DATA_DIR) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  process.env.KRYON_E2E_DATA_DIR = E2E_DATA_DIR;
}

export default defineConfig({
  testDir: './e2e',
  outputDir: offset ? `test-results-${offset}` : 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  // A hang guard, not a speed check (the benchmarks measure speed). The longest journeys (the
  // keyboard-only demo form, axe over a whole long page) take 15-25 s on a quiet 2-core
  // machine and one took over 30 s in CI under load, so they get twice that.
  timeout: 60_000,
  // Same reasoning for each wait: a state that follows a round trip to the local API (a
  // solved browser check, a stored lead, "Download Ready") came after Playwright's default
  // 5 s once, on a loaded machine. How fast it comes is for the benchmarks.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.site}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browserExecutable(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORTS.site}/api/email/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORTS.site),
      DYNAMODB_PORT: String(E2E_PORTS.dynamodb),
      SES_PORT: String(E2E_PORTS.ses),
      WEBHOOK_PORT: String(E2E_PORTS.webhooks),
      EVENT_BUS_PORT: String(E2E_PORTS.eventBus),
      DATA_DIR: E2E_DATA_DIR,
      // Always test the code as it is now, never a stale build; an offset run builds apart.
      REBUILD: '1',
      // Every journey submits from 127.0.0.1, so the per-client budget (20 a minute) would
      // count the whole suite as one visitor; the functions' tests cover that budget.
      IP_RATE_LIMIT_PER_MINUTE: '1000',
      // Likewise for the challenges, and the suite's own confirmations never raise the
      // challenge price: a journey sets the counters itself (e2e/challenge-price.spec.ts),
      // one doubling per 1,000 confirmations per 10 minutes.
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000',
      CHALLENGE_FREE_PER_WINDOW: '1000',
      CHALLENGE_PER_DOUBLING: '1000',
      ...(offset ? { WEB_BUILD_DIR: E2E_BUILD_DIR, SITE_DIR: `web/${E2E_BUILD_DIR}/client` } : {}),
    },
  },
});
