/**
 * The brake on visitor mail: when a CloudWatch alarm on the visitor configuration set's
 * reputation (bounce or complaint rate) goes into ALARM, sending on that set is paused, so
 * addresses strangers type cannot take the account to the rates at which SES reviews and
 * then pauses it, with sales mail along (decision 058). Sales mail is never touched.
 */
import type { BrakeMetrics, Log, MailStreamBrake } from './ports.ts';
import { describeError } from './redact.ts';

/**
 * The parts of a CloudWatch alarm's Lambda action payload the brake reads. CloudWatch sends
 * `source: "aws.cloudwatch"`, the alarm's ARN and, in `alarmData`, its name, the new
 * `state` and the `previousState` (each with `value`: OK, ALARM or INSUFFICIENT_DATA, and
 * `reason`). Everything is optional here: the event is checked, not trusted.
 */
export interface AlarmEvent {
  source?: unknown;
  alarmArn?: unknown;
  alarmData?: {
    alarmName?: unknown;
    state?: { value?: unknown; reason?: unknown; timestamp?: unknown };
    previousState?: { value?: unknown };
  };
}

export interface VisitorBrakeDeps {
  brake: MailStreamBrake;
  log: Log;
  metrics: BrakeMetrics;
}

/** What one invocation did: paused the visitor stream, or left everything as it was. */
export type BrakeOutcome = { action: 'paused'; alarmName: string } | { action: 'none' };

/**
 * Pauses the visitor stream when the alarm went into ALARM; any other state (OK,
 * INSUFFICIENT_DATA) and any other event does nothing. Resuming is never automatic: a rate
 * back under the threshold says nothing about the cause (a scraped list, a broken form), and
 * re-enabling resets the set's reputation metrics, so a person decides after fixing it.
 * Pausing a paused stream is harmless, so a repeated or retried event is too. A failed
 * pause throws, so Lambda's asynchronous invocation tries again.
 */
export async function applyVisitorBrake(
  event: unknown,
  deps: VisitorBrakeDeps,
): Promise<BrakeOutcome> {
  const { log } = deps;
  const alarm = event as AlarmEvent | null | undefined;
  if (
    alarm?.source !== 'aws.cloudwatch' ||
    !alarm.alarmData ||
    typeof alarm.alarmData !== 'object'
  ) {
    log.warn('the visitor brake got an event that is not a CloudWatch alarm; nothing paused', {
      source: typeof alarm?.source === 'string' ? alarm.source : undefined,
    });
    return { action: 'none' };
  }
  const alarmName = text(alarm.alarmData.alarmName) ?? text(alarm.alarmArn) ?? 'unknown alarm';
  const state = text(alarm.alarmData.state?.value);
  const reason = text(alarm.alarmData.state?.reason);
  const previous = text(alarm.alarmData.previousState?.value);
  if (state !== 'ALARM') {
    log.info(
      "visitor reputation alarm left ALARM or has no data; the visitor stream is left as it is (resuming is a person's decision)",
      {
        alarmName,
        state,
        previousState: previous,
      },
    );
    return { action: 'none' };
  }
  try {
    await deps.brake.pauseStream('visitor');
  } catch (error) {
    log.error('the visitor brake could not pause visitor e-mail; the invocation will be retried', {
      alarmName,
      reason,
      error: describeError(error),
    });
    throw error;
  }
  deps.metrics.count('VisitorStreamPaused');
  // Error level: nobody gets confirmations until a person resumes the stream.
  log.error(
    'visitor e-mail paused by the brake: sending on the visitor configuration set is off until a person resumes it; leads are stored and sales e-mail still goes out',
    {
      alarmName,
      reason,
      previousState: previous,
      stateChangedAt: text(alarm.alarmData.state?.timestamp),
    },
  );
  return { action: 'paused', alarmName };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
