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
 * Whether a bot sent it: the honeypot holds something, or a plausible fill time is too short;
 * a start time in the future, over a day old, missing or malformed is no evidence (decision 021).
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
