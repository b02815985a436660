import type { Context } from 'aws-lambda';
import { createSesVisitorBrake } from '../adapters/ses.ts';
import { readConfig, visitorBrakeConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import { applyVisitorBrake, type BrakeOutcome } from '../leads/visitor-brake.ts';
import { brakeMetrics, log, logger, sesClient } from '../wiring.ts';

// Read at cold start: a brake without its own set, or pointed at the sales set, must fail
// loudly when deployed, not on the day the alarm fires.
// (decision 066: the schema refuses an unset visitor set, or the sales set's name).
const config = readConfig(visitorBrakeConfig);
const deps = {
  brake: createSesVisitorBrake(sesClient(), {
    visitorConfigurationSet: config.SES_VISITOR_CONFIGURATION_SET as string,
  }),
  log,
  metrics: brakeMetrics(),
};

/**
 * The Lambda action of the alarms on the visitor configuration set's bounce and complaint
 * rates: pauses visitor e-mail when one goes into ALARM, and does nothing else, ever: no
 * resume on OK, no call that names the sales set (decision 058).
 */
export const handler = lambdaHandler<Record<string, never>, unknown, BrakeOutcome>({
  secrets: async () => ({}),
  build: () => async (event: unknown, _context?: Context) => {
    try {
      return await applyVisitorBrake(event, deps);
    } finally {
      deps.metrics.flush();
    }
  },
  logger,
});
