import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from '@kryon/shared/constants';
import type { SpamReason } from './lead.ts';

export interface SpamVerdict {
  reason: SpamReason | undefined;
  /** Milliseconds from the form's first view to this submission, when the form said. */
  fillMs: number | undefined;
}

/** A day: a form left open longer than this says nothing about who filled it. */
const MAX_PLAUSIBLE_FILL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a submission came from a bot: the hidden honeypot input holds something, or the
 * form was sent sooner after it was first shown than a person can fill it in.
 *
 * The start time is the browser's clock and the server compares it with its own, so skew
 * is allowed for: a start time in the future (a clock running ahead) or absurdly far in the
 * past is ignored, as is a missing or malformed one; only a plausible, too short fill time
 * counts as a bot's.
 */
export function spamVerdict(body: unknown, nowMs: number, minFillMs: number): SpamVerdict {
  if (typeof body !== 'object' || body === null) return { reason: undefined, fillMs: undefined };
  const fields = body as Record<string, unknown>;
  const fillMs = fillTime(fields[FORM_STARTED_FIELD], nowMs);
  if (isFilled(fields[HONEYPOT_FIELD])) return { reason: 'honeypot', fillMs };
  if (fillMs !== undefined && fillMs < minFillMs) return { reason: 'too-fast', fillMs };
  return { reason: undefined, fillMs };
}

function isFilled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function fillTime(startedAt: unknown, nowMs: number): number | undefined {
  const started =
    typeof startedAt === 'number'
      ? startedAt
      : typeof startedAt === 'string' && /^\d{1,16}$/.test(startedAt)
        ? Number(startedAt)
        : Number.NaN;
  if (!Number.isFinite(started)) return undefined;
  const elapsed = Math.round(nowMs - started);
  if (elapsed < 0 || elapsed > MAX_PLAUSIBLE_FILL_MS) return undefined;
  return elapsed;
}
