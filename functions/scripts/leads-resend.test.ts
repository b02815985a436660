import { describe, expect, it } from 'vitest';
import { parseResendArgs } from './leads-resend.ts';
import { UsageError } from './lib/cli.ts';

describe('parseResendArgs', () => {
  it('sends only what is due unless the digest is asked for now', () => {
    expect(parseResendArgs([])).toEqual({ limit: undefined, digestNow: false });
    expect(parseResendArgs(['--digest-now'])).toEqual({ limit: undefined, digestNow: true });
    expect(parseResendArgs(['--limit', '5', '--digest-now'])).toEqual({
      limit: 5,
      digestNow: true,
    });
  });

  it('refuses a limit that is not a whole number above 0', () => {
    expect(() => parseResendArgs(['--limit', '0'])).toThrow(UsageError);
  });

  it('takes a deployed table for --requeue only, and a region only with a table', () => {
    expect(parseResendArgs(['--requeue', '--table', 'T', '--region', 'eu-west-1'])).toEqual({
      limit: undefined,
      digestNow: false,
      requeue: true,
      table: 'T',
      region: 'eu-west-1',
    });
    expect(() => parseResendArgs(['--table', 'T'])).toThrow('only --requeue applies');
    expect(() => parseResendArgs(['--requeue', '--table', 'T', '--digest-now'])).toThrow(
      'only --requeue applies',
    );
    expect(() => parseResendArgs(['--region', 'eu-west-1'])).toThrow('--region only applies');
  });
});
