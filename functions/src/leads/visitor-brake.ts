/**
 * The brake on visitor mail: an alarm on the visitor stream's own bounce or complaint share
 * pauses the visitor set for a doubling cool-down, resumed by itself once its alarms are OK; a
 * person may lift or hold it; sales mail is never touched (decisions 058, 075).
 */
import * as z from 'zod/mini';
import type { BrakeMetrics, Log, MailStreamBrake } from './ports.ts';
import { describeError } from './redact.ts';

/** The e-mail service's switch of the visitor stream: off (the brake) and on again. */
export interface VisitorStreamSwitch extends MailStreamBrake {
  /** Turns the stream's sending back on; resuming a stream that sends is not an error. */
  resumeStream(stream: 'visitor'): Promise<void>;
}

const isoTime = z.iso.datetime();

/**
 * What the brake remembers between invocations, its item read back with this schema. `paused`
 * ends by itself at `pausedUntil`; `held` is a person's pause, ended only when a person lifts it.
 */
export const brakeState = z.object({
  mode: z.enum(['running', 'paused', 'held']),
  /** Trips in the current run of trips (0 after a person lifts it): the cool-down doubles with each. */
  trips: z.number().check(z.int(), z.gte(0)),
  /** ISO time the current pause or hold began. */
  pausedAt: z.optional(isoTime),
  /** ISO time a `paused` brake may resume. */
  pausedUntil: z.optional(isoTime),
  /** ISO time the last pause ended: a trip within TRIP_MEMORY_MS of it counts as "again". */
  lastResumedAt: z.optional(isoTime),
  /** Each brake alarm's last state as its own event said, and when it changed. */
  alarms: z.record(z.string(), z.object({ state: z.string(), at: isoTime })),
  /** Who made the last change: `alarm`, `schedule`, or the person's name. */
  changedBy: z.string(),
  /** Why: the alarm's name, or the person's note. */
  reason: z.optional(z.string()),
  changedAt: isoTime,
});
export type BrakeState = z.output<typeof brakeState>;

/**
 * The brake's one record, written only if nobody wrote it since it was read: an alarm and the
 * schedule may run at the same moment.
 */
export interface BrakeStateStore {
  /** The state and its version (0 when nothing is stored yet). */
  read(): Promise<{ state: BrakeState; version: number }>;
  /** Stores `state` as version + 1 if the stored version is still `version`; false if not. */
  write(state: BrakeState, version: number): Promise<boolean>;
}

export interface BrakeSettings {
  /** The first trip's pause. */
  coolDownMs: number;
  /** The longest pause a run of trips reaches by doubling. */
  maxCoolDownMs: number;
}

export interface VisitorBrakeDeps {
  brake: VisitorStreamSwitch;
  store: BrakeStateStore;
  log: Log;
  metrics: BrakeMetrics;
  now: () => Date;
  settings: BrakeSettings;
}

/**
 * How long after a pause a new trip still doubles the cool-down: a day, longer than any
 * cool-down, so waiting out a pause does not make the next one short (decision 075).
 */
export const TRIP_MEMORY_MS = 24 * 60 * 60 * 1000;

/** The state before anything happened: sending, no trips. */
export const RUNNING: BrakeState = {
  mode: 'running',
  trips: 0,
  alarms: {},
  changedBy: 'nobody',
  changedAt: new Date(0).toISOString(),
};

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

/** What one invocation did. */
export type BrakeOutcome =
  | { action: 'paused'; alarmName: string; trips: number; pausedUntil: string }
  | { action: 'resumed' }
  | { action: 'held' }
  | { action: 'recorded'; alarmName: string; state: string }
  | { action: 'none' };

/** The n-th trip's cool-down: the first, doubled for each trip before it, at most the ceiling. */
export function coolDownMs(trips: number, settings: BrakeSettings): number {
  const doublings = Math.max(0, Math.min(trips - 1, 30));
  return Math.min(settings.coolDownMs * 2 ** doublings, settings.maxCoolDownMs);
}

/**
 * An alarm's state change, always recorded: into ALARM while sending trips the brake; while
 * paused or held it pauses again without lengthening; a repeated or older event changes nothing
 * (decision 075). A failed pause or store throws, so Lambda retries.
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
  const state = text(alarm.alarmData.state?.value) ?? 'unknown';
  const reason = text(alarm.alarmData.state?.reason);
  const previous = text(alarm.alarmData.previousState?.value);
  const at = isoOrNow(text(alarm.alarmData.state?.timestamp), deps.now());

  for (let attempt = 0; ; attempt += 1) {
    const { state: current, version } = await deps.store.read();
    const known = current.alarms[alarmName];
    if (known && known.at >= at) {
      // Seen already (a retry), or older than what is recorded: only make sure a pause holds.
      if (current.mode !== 'running') await pause(deps, alarmName, reason);
      return { action: 'none' };
    }
    const now = deps.now();
    const alarms = { ...current.alarms, [alarmName]: { state, at } };
    const trips = state === 'ALARM' && current.mode === 'running';
    let next: BrakeState;
    if (trips) {
      const again =
        current.lastResumedAt !== undefined &&
        now.getTime() - Date.parse(current.lastResumedAt) <= TRIP_MEMORY_MS;
      const count = again ? current.trips + 1 : 1;
      next = {
        ...current,
        mode: 'paused',
        trips: count,
        pausedAt: now.toISOString(),
        pausedUntil: new Date(now.getTime() + coolDownMs(count, deps.settings)).toISOString(),
        alarms,
        changedBy: 'alarm',
        reason: alarmName,
        changedAt: now.toISOString(),
      };
    } else {
      next = { ...current, alarms };
    }
    // Protection first: the stream is off before the record says so, so a failed write leaves
    // it paused and Lambda's retry records it.
    if (state === 'ALARM' || current.mode !== 'running') await pause(deps, alarmName, reason);
    if (!(await deps.store.write(next, version))) {
      if (attempt < 4) continue;
      throw new Error('the visitor brake could not record its state: it kept changing');
    }
    if (!trips) {
      log.info('visitor brake alarm changed state; recorded', {
        alarmName,
        state,
        previousState: previous,
        mode: current.mode,
      });
      return { action: 'recorded', alarmName, state };
    }
    deps.metrics.count('VisitorStreamPaused');
    // Error level: visitors get no confirmations until the cool-down ends.
    log.error(
      'visitor e-mail paused by the brake: sending on the visitor configuration set is off until the cool-down ends; leads are stored and sales e-mail still goes out',
      {
        alarmName,
        reason,
        previousState: previous,
        stateChangedAt: text(alarm.alarmData.state?.timestamp),
        trips: next.trips,
        pausedUntil: next.pausedUntil,
      },
    );
    return {
      action: 'paused',
      alarmName,
      trips: next.trips,
      pausedUntil: next.pausedUntil as string,
    };
  }
}

/**
 * The schedule's turn: a pause whose cool-down is over resumes only when no brake alarm is in
 * ALARM, since an alarm acts only on a change (decision 075). A hold is never lifted here.
 * While the brake is pulled, each turn pauses the stream again: the brake's record is the
 * truth, and a set something else turned back on (a deploy, a person in the console) sends
 * for at most one turn (decision 084).
 */
export async function resumeVisitorBrakeWhenDue(deps: VisitorBrakeDeps): Promise<BrakeOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    const { state: current, version } = await deps.store.read();
    const now = deps.now();
    if (current.mode === 'running') return { action: 'none' };
    if (
      current.mode === 'held' ||
      (current.pausedUntil !== undefined && now.getTime() < Date.parse(current.pausedUntil))
    ) {
      await pause(deps, 'schedule', 'the brake is pulled');
      return { action: 'none' };
    }
    const alarming = alarmsInAlarm(current);
    if (alarming.length > 0) {
      deps.log.warn(
        'the visitor brake’s cool-down is over, but a brake alarm is still in ALARM: visitor e-mail stays paused until it is OK',
        { alarms: alarming, pausedUntil: current.pausedUntil },
      );
      await pause(deps, 'schedule', 'a brake alarm is in ALARM');
      return { action: 'none' };
    }
    const next: BrakeState = {
      ...current,
      mode: 'running',
      pausedAt: undefined,
      pausedUntil: undefined,
      lastResumedAt: now.toISOString(),
      changedBy: 'schedule',
      reason: 'cool-down over',
      changedAt: now.toISOString(),
    };
    if (await resumeAndRecord(deps, next, version)) {
      deps.log.warn('visitor e-mail resumed: the brake’s cool-down is over', {
        trips: current.trips,
        pausedAt: current.pausedAt,
      });
      return { action: 'resumed' };
    }
    if (attempt >= 4) throw new Error('the visitor brake could not record its state');
  }
}

/**
 * A person lifts the brake (paused or held): the stream sends again at once, and the next trip
 * starts from the first cool-down. An alarm still in ALARM will not pull it again until it has
 * been OK: the answer names it.
 */
export async function liftVisitorBrake(
  deps: VisitorBrakeDeps,
  by: string,
  note?: string,
): Promise<{ before: BrakeState; alarming: string[] }> {
  for (let attempt = 0; ; attempt += 1) {
    const { state: current, version } = await deps.store.read();
    const now = deps.now().toISOString();
    const next: BrakeState = {
      ...current,
      mode: 'running',
      trips: 0,
      pausedAt: undefined,
      pausedUntil: undefined,
      lastResumedAt: now,
      changedBy: by,
      reason: note ?? 'lifted',
      changedAt: now,
    };
    if (await resumeAndRecord(deps, next, version)) {
      deps.log.warn('visitor e-mail resumed by a person', { by, note, was: current.mode });
      return { before: current, alarming: alarmsInAlarm(current) };
    }
    if (attempt >= 4) throw new Error('the visitor brake could not record its state');
  }
}

/** A person holds the brake: the stream is paused until a person lifts it, whatever the alarms. */
export async function holdVisitorBrake(
  deps: VisitorBrakeDeps,
  by: string,
  note?: string,
): Promise<{ before: BrakeState }> {
  for (let attempt = 0; ; attempt += 1) {
    const { state: current, version } = await deps.store.read();
    await deps.brake.pauseStream('visitor');
    const now = deps.now().toISOString();
    const next: BrakeState = {
      ...current,
      mode: 'held',
      pausedAt: current.mode === 'running' ? now : current.pausedAt,
      pausedUntil: undefined,
      changedBy: by,
      reason: note ?? 'held',
      changedAt: now,
    };
    if (await deps.store.write(next, version)) {
      deps.log.warn('visitor e-mail held by a person', { by, note, was: current.mode });
      return { before: current };
    }
    if (attempt >= 4) throw new Error('the visitor brake could not record its state');
  }
}

/** The names of the brake alarms whose last recorded state is ALARM. */
export function alarmsInAlarm(state: BrakeState): string[] {
  return Object.entries(state.alarms)
    .filter(([, alarm]) => alarm.state === 'ALARM')
    .map(([name]) => name)
    .sort();
}

/**
 * Turns the stream on, then records it. When the record lost a race (an alarm tripped the
 * brake meanwhile), the stream is turned off again before the caller reads the new state.
 */
async function resumeAndRecord(
  deps: VisitorBrakeDeps,
  next: BrakeState,
  version: number,
): Promise<boolean> {
  await deps.brake.resumeStream('visitor');
  if (await deps.store.write(next, version)) return true;
  const { state } = await deps.store.read();
  if (state.mode !== 'running') await deps.brake.pauseStream('visitor');
  return false;
}

async function pause(deps: VisitorBrakeDeps, alarmName: string, reason: string | undefined) {
  try {
    await deps.brake.pauseStream('visitor');
  } catch (error) {
    deps.log.error(
      'the visitor brake could not pause visitor e-mail; the invocation will be retried',
      { alarmName, reason, error: describeError(error) },
    );
    throw error;
  }
}

function isoOrNow(value: string | undefined, now: Date): string {
  // CloudWatch writes `2026-11-26T10:05:00.000+0000`; Date.parse reads it, and the record
  // keeps one comparable form.
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  return new Date(Number.isNaN(ms) ? now.getTime() : ms).toISOString();
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
