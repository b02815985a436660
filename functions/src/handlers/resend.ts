import type { Context } from 'aws-lambda';
import { readConfig, resendConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import { type OutboxSummary, publishOwedEvents } from '../leads/publish-events.ts';
import { type ResendSummary, resendPending } from '../leads/resend-pending.ts';
import { loadSecrets, logger, resendDeps, type Secrets, siteSecret } from '../wiring.ts';

/** Time kept back at the end of a run: a page of leads is sent well within it. */
const RESERVE_MS = 20_000;

/**
 * The scheduled re-send: delivers what stored leads still owe, and publishes the lead events
 * they still owe. It throws only when the table cannot be read (retried, then dead-lettered);
 * failed sends are recorded on their leads (decision 022), refused events stay owed (090).
 */
// Read at cold start: every form's recipients among it, so a bad MAIL_TO stops the function
// from starting instead of failing a run (decision 066).
const config = readConfig(resendConfig);

export const handler = lambdaHandler<Secrets, unknown, ResendSummary & { events: OutboxSummary }>({
  secrets: () => loadSecrets(config),
  build: (secrets) => {
    const deps = resendDeps(siteSecret(secrets), config);
    return async (_event, context?: Context) => {
      const shouldContinue = () => !context || context.getRemainingTimeInMillis() > RESERVE_MS;
      try {
        const summary = await resendPending(deps, { shouldContinue });
        // Then the lead events a failed publish or a crash left owed (decision 090).
        const events = await publishOwedEvents(deps, { shouldContinue });
        return { ...summary, events };
      } finally {
        deps.metrics.flush();
      }
    };
  },
  logger,
});
