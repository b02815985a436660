import { defineEnvironment } from '../lib/environment.ts';

/**
 * What `npm run synth` (and so `npm test`) synthesizes: no account, no domain, and no sender
 * or recipients, which every synth reports as placeholders. It never deploys.
 */
export default defineEnvironment({
  kind: 'preview',
  // Lead events to the local webhook inbox (functions/local/webhook-inbox.ts, port 8010): a
  // Slack message, a signed webhook and an API destination, so the synth shows every path, each
  // destination's rule, queue or API destination, dead-letter queue and alarms. The secrets are
  // named here, never held.
  leadEvents: {
    destinations: [
      { kind: 'slack', name: 'sales-slack', secret: 'kryon-local/slack-webhook-url' },
      {
        kind: 'webhook',
        name: 'crm-webhook',
        url: 'http://127.0.0.1:8010/webhook',
        secret: 'kryon-local/webhook-signing-secret',
      },
      // An API destination: EventBridge itself POSTs each event with the key in x-api-key.
      {
        kind: 'api',
        name: 'crm-api',
        url: 'http://127.0.0.1:8010/api',
        secret: 'kryon-local/crm-api-key',
      },
    ],
  },
});
