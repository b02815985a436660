import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmEvent } from '../../test/alarm-event.ts';
import type { BrakeMetrics, Log, MailStreamBrake } from './ports.ts';
import { applyVisitorBrake } from './visitor-brake.ts';

let brake: MailStreamBrake & { pauses: number };
let metrics: BrakeMetrics & { counted: string[] };
let log: Log;

beforeEach(() => {
  brake = {
    pauses: 0,
    async pauseStream() {
      brake.pauses += 1;
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
});

describe('applyVisitorBrake', () => {
  it('pauses the visitor stream when the alarm goes into ALARM, counted and logged as an error', async () => {
    const outcome = await applyVisitorBrake(alarmEvent('ALARM', 'OK'), { brake, log, metrics });

    expect(outcome).toEqual({ action: 'paused', alarmName: 'kryon-VisitorBounceRate' });
    expect(brake.pauses).toBe(1);
    expect(metrics.counted).toEqual(['VisitorStreamPaused']);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('visitor e-mail paused by the brake'),
      expect.objectContaining({
        alarmName: 'kryon-VisitorBounceRate',
        reason: expect.stringContaining('Threshold Crossed'),
        previousState: 'OK',
      }),
    );
  });

  it('pauses again on another ALARM: pausing a paused stream is harmless', async () => {
    await applyVisitorBrake(alarmEvent('ALARM', 'INSUFFICIENT_DATA'), { brake, log, metrics });
    await applyVisitorBrake(alarmEvent('ALARM', 'OK', 'kryon-VisitorComplaintRate'), {
      brake,
      log,
      metrics,
    });

    expect(brake.pauses).toBe(2);
  });

  it.each([
    ['OK', 'ALARM'],
    ['INSUFFICIENT_DATA', 'ALARM'],
    ['OK', 'INSUFFICIENT_DATA'],
  ])('does nothing on %s (from %s): resuming is a person’s decision', async (state, previous) => {
    const outcome = await applyVisitorBrake(alarmEvent(state, previous), { brake, log, metrics });

    expect(outcome).toEqual({ action: 'none' });
    expect(brake.pauses).toBe(0);
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
    expect(await applyVisitorBrake(event, { brake, log, metrics })).toEqual({ action: 'none' });
    expect(brake.pauses).toBe(0);
    expect(log.warn).toHaveBeenCalled();
  });

  it('throws when the pause fails, so the invocation is retried, and counts nothing', async () => {
    brake.pauseStream = async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    };

    await expect(
      applyVisitorBrake(alarmEvent('ALARM', 'OK'), { brake, log, metrics }),
    ).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    expect(metrics.counted).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('could not pause'),
      expect.objectContaining({ alarmName: 'kryon-VisitorBounceRate' }),
    );
  });
});
