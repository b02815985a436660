import { settingsOf } from '@kryon/functions/settings';
import { App, Aws, Duration, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { parseEnvironment } from './environment.ts';
import { environmentBytes, LAMBDA_ENVIRONMENT_BYTES, leadFunction } from './lead-function.ts';

const settings = settingsOf(parseEnvironment('t', { kind: 'preview' }).config.settings);

/** The function's props; the checks under test refuse before anything is built from them. */
function build(environment: Record<string, string>) {
  const stack = new Stack(new App(), 'Test');
  return () =>
    leadFunction(stack, 'Fn', {
      entry: 'unused.ts',
      description: 'test',
      memorySize: 128,
      timeout: Duration.seconds(3),
      role: undefined as never,
      logGroup: undefined as never,
      logLevel: 'INFO',
      repoRoot: '/nonexistent',
      environment,
      settings: { reader: 'form', values: settings },
    });
}

describe('a function’s environment, checked at synth', () => {
  it('refuses more than the 4 KB Lambda allows, before a deploy would fail on it', () => {
    const recipients = Array.from({ length: 150 }, (_, i) => `sales-team-${i}@kryon.example`);
    expect(build({ MAIL_TO_CONTACT: recipients.join(',') })).toThrow(
      `Lambda allows ${LAMBDA_ENVIRONMENT_BYTES}`,
    );
  });

  it('refuses a setting whose variable another variable already has', () => {
    expect(build({ VISITOR_MAIL_PER_ADDRESS: '3' })).toThrow(
      "a setting's variable is taken: VISITOR_MAIL_PER_ADDRESS",
    );
  });

  it('counts names and UTF-8 values, and a reference at 256 bytes', () => {
    expect(environmentBytes({ A: 'é' })).toBe(3);
    expect(environmentBytes({ A: Aws.ACCOUNT_ID })).toBe(257);
  });
});
