import type { Context } from 'aws-lambda';
import { readConfig, resendConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import { type ResendSummary, resendPending } from '../leads/resend-pending.ts';
import { loadSecrets, logger, resendDeps, type Secrets, siteSecret } from '../wiring.ts';

/** Time kept back at the end of a run: a page of leads is sent well within it. */
const RESERVE_MS = 20_000;

/**
 * The scheduled re-send: delivers what stored leads still owe. It throws only when the table
 * cannot be read (retried, then dead-lettered); failed sends are recorded on their leads
 * (decision 022).
 */
// Read at cold start: every form's recipients among it, so a bad MAIL_TO stops the function
// from starting instead of failing a run (decision 066).
const config = readConfig(resendConfig);

export const handler = lambdaHandler<Secrets, unknown, ResendSummary>({
  secrets: () => loadSecrets(config),
  build: (secrets) => {
    const deps = resendDeps(siteSecret(secrets), config);
    return async (_event, context?: Context) => {
      try {
        return await resendPending(deps, {
          shouldContinue: () => !context || context.getRemainingTimeInMillis() > RESERVE_MS,
        });
      } finally {
        deps.metrics.flush();
      }
    };
  },
  logger,
});
