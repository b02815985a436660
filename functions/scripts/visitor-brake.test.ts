import { describe, expect, it } from 'vitest';
import { type BrakeState, RUNNING, type VisitorBrakeDeps } from '../src/leads/visitor-brake.ts';
import { captureIo } from './lib/capture-io.ts';
import { UsageError } from './lib/cli.ts';
import { parseBrakeArgs, runBrake } from './visitor-brake.ts';

/** A brake in memory: the set's switch and the table's item. */
function brakeOf(state: BrakeState = RUNNING) {
  let stored = { state, version: state === RUNNING ? 0 : 1 };
  const world = { sending: state.mode === 'running' };
  const deps: VisitorBrakeDeps = {
    brake: {
      async pauseStream() {
        world.sending = false;
      },
      async resumeStream() {
        world.sending = true;
      },
    },
    store: {
      async read() {
        return structuredClone(stored);
      },
      async write(next, version) {
        if (version !== stored.version) return false;
        stored = { state: structuredClone(next), version: version + 1 };
        return true;
      },
    },
    log: { info() {}, warn() {}, error() {} },
    metrics: { count() {}, flush() {} },
    now: () => new Date('2026-11-26T12:00:00.000Z'),
    settings: { coolDownMs: 3_600_000, maxCoolDownMs: 43_200_000 },
  };
  return { deps, world, stored: () => stored.state };
}

const paused: BrakeState = {
  mode: 'paused',
  trips: 2,
  pausedAt: '2026-11-26T11:30:00.000Z',
  pausedUntil: '2026-11-26T13:30:00.000Z',
  alarms: { 'kryon-VisitorBounceBrake': { state: 'ALARM', at: '2026-11-26T11:30:00.000Z' } },
  changedBy: 'alarm',
  reason: 'kryon-VisitorBounceBrake',
  changedAt: '2026-11-26T11:30:00.000Z',
};

describe('parseBrakeArgs', () => {
  it('takes one action, who does it and why', () => {
    expect(parseBrakeArgs(['hold', '--note', 'scraped list'], 'ada')).toEqual({
      action: 'hold',
      by: 'ada',
      note: 'scraped list',
    });
    expect(
      parseBrakeArgs([
        'lift',
        '--table',
        't',
        '--visitor-set',
        'v',
        '--region',
        'eu-west-1',
        '--by',
        'ops',
      ]),
    ).toMatchObject({
      action: 'lift',
      table: 't',
      visitorSet: 'v',
      region: 'eu-west-1',
      by: 'ops',
    });
  });

  it.each([
    [[]],
    [['resume']],
    [['lift', 'hold']],
    [['lift', '--table', 't']],
    [['status', '--region', 'eu-west-1']],
    [['status', '--force']],
  ])('refuses %j with the usage', (argv) => {
    expect(() => parseBrakeArgs(argv, 'ada')).toThrow(UsageError);
  });
});

describe('runBrake', () => {
  it('says a brake never pulled is not pulled, without a made-up last change', async () => {
    const io = captureIo();
    await runBrake({ action: 'status', by: 'ada' }, brakeOf().deps, io);

    expect(io.stdout()).toBe(
      'Visitor e-mail sends: the brake is not pulled.\nIt has never been pulled here.\nNo brake alarm was last in ALARM.\n',
    );
  });

  it('says what a paused brake does, until when, and which alarm pulled it', async () => {
    const io = captureIo();
    await runBrake({ action: 'status', by: 'ada' }, brakeOf(paused).deps, io);

    expect(io.stdout()).toContain('paused by the brake until 2026-11-26T13:30:00.000Z');
    expect(io.stdout()).toContain('Trips in this run: 2.');
    expect(io.stdout()).toContain('Brake alarms last in ALARM: kryon-VisitorBounceBrake.');
  });

  it('lifts a pause at once and says that the alarm still in ALARM cannot fire again', async () => {
    const io = captureIo();
    const brake = brakeOf(paused);

    expect(await runBrake({ action: 'lift', by: 'ada', note: 'form fixed' }, brake.deps, io)).toBe(
      0,
    );

    expect(brake.world.sending).toBe(true);
    expect(brake.stored()).toMatchObject({ mode: 'running', trips: 0, changedBy: 'ada' });
    expect(io.stdout()).toContain('Lifted the brake (it was paused)');
    expect(io.stdout()).toContain('Still in ALARM: kryon-VisitorBounceBrake');
  });

  it('lifts a hold, saying what it was and who lifted it', async () => {
    const io = captureIo();
    const brake = brakeOf();
    await runBrake({ action: 'hold', by: 'ada', note: 'scraped list' }, brake.deps, captureIo());

    expect(await runBrake({ action: 'lift', by: 'bob' }, brake.deps, io)).toBe(0);

    expect(brake.world.sending).toBe(true);
    expect(brake.stored()).toMatchObject({ mode: 'running', changedBy: 'bob' });
    expect(io.stdout()).toBe(
      'Lifted the brake (it was held): visitor e-mail sends again. Recorded as by bob.\n',
    );
  });

  it('says so when lifting a brake that was not pulled, and switches the set on all the same', async () => {
    const io = captureIo();
    const brake = brakeOf();
    brake.world.sending = false; // paused by hand in the console, say

    await runBrake({ action: 'lift', by: 'ada' }, brake.deps, io);

    expect(brake.world.sending).toBe(true);
    expect(io.stdout()).toBe(
      'The brake was not pulled; visitor e-mail sends (its set was switched on all the same).\n',
    );
  });

  it('holds it, and the schedule’s check does not lift the hold', async () => {
    const io = captureIo();
    const brake = brakeOf();

    await runBrake({ action: 'hold', by: 'ada', note: 'scraped list' }, brake.deps, io);
    await runBrake({ action: 'check', by: 'ada' }, brake.deps, io);

    expect(brake.world.sending).toBe(false);
    expect(brake.stored()).toMatchObject({ mode: 'held', reason: 'scraped list' });
    expect(io.stdout()).toContain('Held the brake (it was running)');
    expect(io.stdout()).toContain('Nothing to resume. Visitor e-mail is held since');
  });
});
