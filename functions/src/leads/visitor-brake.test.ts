import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmEvent } from '../../test/alarm-event.ts';
import type { BrakeMetrics, Log } from './ports.ts';
import {
  applyVisitorBrake,
  type BrakeState,
  type BrakeStateStore,
  coolDownMs,
  holdVisitorBrake,
  liftVisitorBrake,
  RUNNING,
  resumeVisitorBrakeWhenDue,
  TRIP_MEMORY_MS,
  type VisitorBrakeDeps,
  type VisitorStreamSwitch,
} from './visitor-brake.ts';

const HOUR = 3_600_000;
const settings = { coolDownMs: HOUR, maxCoolDownMs: 12 * HOUR };

/** The visitor set's switch as SES holds it: on until paused. */
let brake: VisitorStreamSwitch & { sending: boolean; pauses: number; resumes: number };
/** The table's one item, with the version the store checks. */
let stored: { state: BrakeState; version: number };
let store: BrakeStateStore & { writes: number };
let metrics: BrakeMetrics & { counted: string[] };
let log: Log;
let clock: Date;
let deps: VisitorBrakeDeps;

beforeEach(() => {
  brake = {
    sending: true,
    pauses: 0,
    resumes: 0,
    async pauseStream() {
      brake.pauses += 1;
      brake.sending = false;
    },
    async resumeStream() {
      brake.resumes += 1;
      brake.sending = true;
    },
  };
  stored = { state: RUNNING, version: 0 };
  store = {
    writes: 0,
    async read() {
      return structuredClone(stored);
    },
    async write(state, version) {
      if (version !== stored.version) return false;
      store.writes += 1;
      stored = { state: structuredClone(state), version: version + 1 };
      return true;
    },
  };
  metrics = {
    counted: [],
    count(metric) {
      metrics.counted.push(metric);
    },
    flush() {},
  };
  log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  clock = new Date('2026-11-26T10:05:00.000Z');
  deps = { brake, store, log, metrics, now: () => clock, settings };
});

/** An alarm's state change at the clock's time, as CloudWatch words the timestamp. */
function change(state: string, previous: string, name = 'kryon-VisitorBounceBrake') {
  const event = alarmEvent(state, previous, name);
  event.alarmData.state.timestamp = clock.toISOString().replace('Z', '+0000');
  return event;
}

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

describe('applyVisitorBrake', () => {
  it('pauses the visitor stream for the first cool-down on ALARM, counted and logged as an error', async () => {
    const outcome = await applyVisitorBrake(alarmEvent('ALARM', 'OK'), deps);

    expect(outcome).toEqual({
      action: 'paused',
      alarmName: 'kryon-VisitorBounceRate',
      trips: 1,
      pausedUntil: '2026-11-26T11:05:00.000Z',
    });
    expect(brake.sending).toBe(false);
    expect(metrics.counted).toEqual(['VisitorStreamPaused']);
    expect(stored.state).toMatchObject({ mode: 'paused', trips: 1, changedBy: 'alarm' });
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('visitor e-mail paused by the brake'),
      expect.objectContaining({
        alarmName: 'kryon-VisitorBounceRate',
        reason: expect.stringContaining('Threshold Crossed'),
        previousState: 'OK',
        pausedUntil: '2026-11-26T11:05:00.000Z',
      }),
    );
  });

  it('pauses again on the other alarm, harmless, without a second trip or a longer pause', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    const outcome = await applyVisitorBrake(
      change('ALARM', 'OK', 'kryon-VisitorComplaintBrake'),
      deps,
    );

    expect(outcome).toMatchObject({ action: 'recorded', state: 'ALARM' });
    expect(brake.pauses).toBe(2);
    expect(stored.state).toMatchObject({ trips: 1, pausedUntil: '2026-11-26T11:05:00.000Z' });
    expect(metrics.counted).toEqual(['VisitorStreamPaused']);
  });

  it('counts a retried event once (CloudWatch and Lambda both retry)', async () => {
    const event = change('ALARM', 'OK');
    await applyVisitorBrake(event, deps);
    const outcome = await applyVisitorBrake(event, deps);

    expect(outcome).toEqual({ action: 'none' });
    expect(stored.state.trips).toBe(1);
    expect(metrics.counted).toEqual(['VisitorStreamPaused']);
  });

  it.each([
    ['OK', 'ALARM'],
    ['INSUFFICIENT_DATA', 'ALARM'],
    ['OK', 'INSUFFICIENT_DATA'],
  ])('records %s (from %s) and pauses nothing while sending', async (state, previous) => {
    const outcome = await applyVisitorBrake(alarmEvent(state, previous), deps);

    expect(outcome).toMatchObject({ action: 'recorded', state });
    expect(brake.pauses).toBe(0);
    expect(brake.sending).toBe(true);
    expect(metrics.counted).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it.each([
    ['nothing', undefined],
    ['an SNS notification', { Records: [{ EventSource: 'aws:sns' }] }],
    ['another source', { ...alarmEvent('ALARM', 'OK'), source: 'aws.events' }],
    ['no alarm data', { source: 'aws.cloudwatch' }],
    ['null alarm data', { source: 'aws.cloudwatch', alarmData: null }],
  ])('pauses nothing for %s, and says so', async (_label, event) => {
    expect(await applyVisitorBrake(event, deps)).toEqual({ action: 'none' });
    expect(brake.pauses).toBe(0);
    expect(store.writes).toBe(0);
    expect(log.warn).toHaveBeenCalled();
  });

  it('throws when the pause fails, so the invocation is retried, and counts nothing', async () => {
    brake.pauseStream = async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    };

    await expect(applyVisitorBrake(alarmEvent('ALARM', 'OK'), deps)).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
    expect(metrics.counted).toEqual([]);
    // Nothing recorded: the retry trips the brake as the first attempt would have.
    expect(stored.version).toBe(0);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('could not pause'),
      expect.objectContaining({ alarmName: 'kryon-VisitorBounceRate' }),
    );
  });

  it('writes again over a state that changed under it (the schedule ran at the same moment)', async () => {
    const write = store.write;
    let raced = false;
    store.write = async (state, version) => {
      if (!raced) {
        raced = true;
        await write({ ...stored.state, changedBy: 'schedule' }, stored.version);
      }
      return write(state, version);
    };

    await applyVisitorBrake(change('ALARM', 'OK'), deps);

    expect(stored.state).toMatchObject({ mode: 'paused', trips: 1 });
    expect(stored.version).toBe(2);
  });
});

describe('the pause ends by itself (the schedule)', () => {
  it('resumes once the cool-down is over, not before', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(5 * 60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);

    later(50 * 60_000);
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.sending).toBe(false);

    later(5 * 60_000);
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'resumed' });
    expect(brake.sending).toBe(true);
    expect(stored.state).toMatchObject({
      mode: 'running',
      changedBy: 'schedule',
      lastResumedAt: '2026-11-26T11:05:00.000Z',
    });
    expect(stored.state.pausedUntil).toBeUndefined();
  });

  it('pauses the set again on each turn while pulled: a deploy or a person that turned it on is undone', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(5 * 60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    // Something outside the brake turned the set back on.
    brake.sending = true;

    later(5 * 60_000);
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.sending).toBe(false);
    expect(stored.state.mode).toBe('paused');

    await holdVisitorBrake(deps, 'ops@kryon.example');
    brake.sending = true;
    later(5 * 60_000);
    await resumeVisitorBrakeWhenDue(deps);
    expect(brake.sending).toBe(false);
  });

  it('leaves a running stream alone on its turn', async () => {
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.pauses).toBe(0);
    expect(brake.resumes).toBe(0);
  });

  it('waits while a brake alarm is still in ALARM: resumed under it, nothing could pause again', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(2 * HOUR);

    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.sending).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringContaining('still in ALARM'),
      expect.objectContaining({ alarms: ['kryon-VisitorBounceBrake'] }),
    );

    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'resumed' });
    expect(brake.sending).toBe(true);
  });

  it('doubles the cool-down for each trip within a day of the last pause’s end, up to the ceiling', async () => {
    const pauses: number[] = [];
    for (let trip = 1; trip <= 6; trip += 1) {
      await applyVisitorBrake(change('ALARM', 'OK'), deps);
      const started = clock.getTime();
      later(60_000);
      await applyVisitorBrake(change('OK', 'ALARM'), deps);
      clock = new Date(Date.parse(stored.state.pausedUntil as string));
      await resumeVisitorBrakeWhenDue(deps);
      pauses.push((clock.getTime() - started) / HOUR);
      expect(brake.sending).toBe(true);
      later(10 * 60_000);
    }

    expect(pauses).toEqual([1, 2, 4, 8, 12, 12]);
  });

  it('starts again from the first cool-down when the trouble comes back after a quiet day', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    later(HOUR);
    await resumeVisitorBrakeWhenDue(deps);

    later(TRIP_MEMORY_MS + 60_000);
    const outcome = await applyVisitorBrake(change('ALARM', 'OK'), deps);

    expect(outcome).toMatchObject({ action: 'paused', trips: 1 });
  });

  it('computes each trip’s cool-down from the settings', () => {
    expect([1, 2, 3, 4, 5, 40].map((trips) => coolDownMs(trips, settings) / HOUR)).toEqual([
      1, 2, 4, 8, 12, 12,
    ]);
  });
});

describe('a person lifts or holds the brake', () => {
  it('holds it: no alarm, schedule or cool-down lifts a hold', async () => {
    const { before } = await holdVisitorBrake(deps, 'ops@kryon.example', 'list scraped');

    expect(before.mode).toBe('running');
    expect(brake.sending).toBe(false);
    expect(stored.state).toMatchObject({
      mode: 'held',
      changedBy: 'ops@kryon.example',
      reason: 'list scraped',
    });

    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    later(30 * 24 * HOUR);
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });

    expect(brake.sending).toBe(false);
    expect(brake.resumes).toBe(0);
    expect(stored.state.mode).toBe('held');
  });

  it('holds a paused brake: its cool-down no longer ends it', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    await holdVisitorBrake(deps, 'ops');
    later(2 * HOUR);

    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.sending).toBe(false);
  });

  it('lifts it at once, and the next trip starts from the first cool-down', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    later(HOUR);
    await resumeVisitorBrakeWhenDue(deps);
    later(60_000);
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    expect(stored.state.trips).toBe(2);

    const { before, alarming } = await liftVisitorBrake(deps, 'ops', 'form fixed');

    expect(before.mode).toBe('paused');
    // The alarm that tripped it is still in ALARM: the person is told it cannot fire again.
    expect(alarming).toEqual(['kryon-VisitorBounceBrake']);
    expect(brake.sending).toBe(true);
    expect(stored.state).toMatchObject({ mode: 'running', trips: 0, changedBy: 'ops' });

    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    later(60_000);
    expect(await applyVisitorBrake(change('ALARM', 'OK'), deps)).toMatchObject({ trips: 1 });
  });

  it('lifts a hold', async () => {
    await holdVisitorBrake(deps, 'ops');
    await liftVisitorBrake(deps, 'ops');

    expect(brake.sending).toBe(true);
    expect(stored.state.mode).toBe('running');
  });

  it('turns the stream off again when an alarm tripped the brake while it resumed', async () => {
    await applyVisitorBrake(change('ALARM', 'OK'), deps);
    later(60_000);
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    later(HOUR);
    const resume = brake.resumeStream;
    let raced = false;
    brake.resumeStream = async (stream) => {
      await resume(stream);
      if (!raced) {
        raced = true;
        // The alarm's write lands between the resume at SES and the schedule's record.
        stored = {
          state: { ...stored.state, pausedUntil: new Date(clock.getTime() + HOUR).toISOString() },
          version: stored.version + 1,
        };
      }
    };

    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(brake.sending).toBe(false);
    expect(stored.state.mode).toBe('paused');
  });
});
