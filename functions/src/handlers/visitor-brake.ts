import type { Context } from 'aws-lambda';
import { readConfig, visitorBrakeConfig } from '../config.ts';
import { lambdaHandler } from '../lambda-handler.ts';
import {
  applyVisitorBrake,
  type BrakeOutcome,
  resumeVisitorBrakeWhenDue,
} from '../leads/visitor-brake.ts';
import { logger, visitorBrakeDeps } from '../wiring.ts';

// Read at cold start: a brake without its own set, pointed at the sales set, or without its
// table must fail loudly when deployed, not on the day the alarm fires (decision 066).
const config = readConfig(visitorBrakeConfig);
const deps = visitorBrakeDeps(config);

/**
 * The brake on visitor e-mail, invoked by its alarms' state changes and by its schedule
 * (decisions 058, 075). No call it makes can name the sales set.
 */
export const handler = lambdaHandler<Record<string, never>, unknown, BrakeOutcome>({
  secrets: async () => ({}),
  build: () => async (event: unknown, _context?: Context) => {
    try {
      return isSchedule(event)
        ? await resumeVisitorBrakeWhenDue(deps)
        : await applyVisitorBrake(event, deps);
    } finally {
      deps.metrics.flush();
    }
  },
  logger,
});

/** EventBridge's scheduled event: `source` `aws.events`, `detail-type` `Scheduled Event`. */
function isSchedule(event: unknown): boolean {
  const scheduled = event as { source?: unknown; 'detail-type'?: unknown } | null | undefined;
  return scheduled?.source === 'aws.events' && scheduled['detail-type'] === 'Scheduled Event';
}
