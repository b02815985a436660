/**
 * `npm start`: the whole product on one machine, no AWS account. Builds the site if no
 * build exists (or REBUILD=1), starts DynamoDB (dynalite) and SES v2 (aws-ses-v2-local) in
 * this process, and serves the site and the API on PORT through the very Lambda handlers.
 * Lead events go through a local EventBridge to infra/environments/local.ts's destinations,
 * which deliver to the webhook inbox on WEBHOOK_PORT.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import { localSettings } from './environment.ts';
import { localDestinations } from './lead-event-destinations.ts';
import { startLocalStack, stopOnSignals } from './stack.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const settings = localSettings();
const hasReports = existsSync(join(settings.reportsDir, `${RESEARCH_DOWNLOAD_IDS[0]}.pdf`));

if (
  !existsSync(join(settings.siteDir, 'index.html')) ||
  !hasReports ||
  process.env.REBUILD === '1'
) {
  console.log('Building the site (first start)...');
  // The privacy notice names the kinds of destination local.ts sends lead events to, as a
  // deployment's build names its environment file's.
  const kinds = [...new Set((await localDestinations()).map(({ kind }) => kind))].sort();
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_LEAD_DESTINATIONS: kinds.join(',') },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const stack = await startLocalStack(settings, { serveSite: true, leadEvents: true });
stopOnSignals(stack);
console.log(`
Kryon is running:
  Site and API   ${stack.url}
  SES inbox      ${stack.sesUrl}        (every e-mail sent, as sales read it)
  Webhook inbox  ${stack.webhookUrl}        (lead events, as the local destinations receive them: signed webhooks, Slack messages, API calls)
  DynamoDB       ${stack.dynamoUrl}    (table ${settings.tableName}, data in ${settings.dataDir})
Press Ctrl-C to stop.`);
