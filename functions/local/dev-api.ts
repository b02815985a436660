/**
 * The API half of `npm run dev`: the emulators and the Lambda handlers on PORT, without the
 * built site. Vite serves the site with hot reload on DEV_PORT and proxies `/api` here
 * (web/vite.config.ts), so the browser sees one origin and links in e-mails point at Vite.
 */
import { localSettings } from './environment.ts';
import { startLocalStack, stopOnSignals } from './stack.ts';

const settings = localSettings(process.env, { dev: true });
const stack = await startLocalStack(settings, { serveSite: false, leadEvents: true });
stopOnSignals(stack);
console.log(`
Kryon's API is running for the dev server:
  Site (Vite, hot reload)  http://127.0.0.1:${settings.devPort}   (/api is proxied to ${stack.url})
  SES inbox                ${stack.sesUrl}        (every e-mail sent, as sales read it)
  Webhook inbox            ${stack.webhookUrl}        (lead events, signed webhooks and Slack messages)
  DynamoDB                 ${stack.dynamoUrl}    (table ${settings.tableName}, data in ${settings.dataDir})
Press Ctrl-C to stop.`);
