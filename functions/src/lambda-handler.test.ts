import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaHandler } from './lambda-handler.ts';

function lambdaContext(requestId: string): Context {
  return {
    awsRequestId: requestId,
    functionName: 'KryonContactFunction',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:KryonContactFunction',
    memoryLimitInMB: '512',
    logGroupName: '/aws/lambda/KryonContactFunction',
    logStreamName: '2026/11/24/[$LATEST]abc',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 8_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The JSON lines a real Powertools logger prints while `run` runs. */
async function logLines(run: (logger: Logger) => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  // The test setup silences every logger through this variable; these lines are the subject.
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  // What Lambda sets in an on-demand execution environment; Powertools reports a cold
  // start only there.
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  };
  // Powertools prints errors to stderr and the rest to stdout.
  const writes = [
    vi.spyOn(process.stdout, 'write').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
  try {
    await run(new Logger({ serviceName: 'kryon-leads', logLevel: 'INFO' }));
  } finally {
    for (const write of writes) write.mockRestore();
    vi.unstubAllEnvs();
  }
  return lines;
}

type Event = { requestContext: { requestId: string } };

describe('lambdaHandler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ties every log line of a run to the Lambda request, the cold start and the API request', async () => {
    const lines = await logLines(async (logger) => {
      const handler = lambdaHandler<string, Event, string>({
        secrets: async () => 'secret',
        build: () => async () => {
          logger.info('lead stored');
          return 'ok';
        },
        logger,
        correlationId: (event) => event.requestContext.requestId,
      });
      await handler({ requestContext: { requestId: 'api-1' } }, lambdaContext('lambda-1'));
      await handler({ requestContext: { requestId: 'api-2' } }, lambdaContext('lambda-2'));
    });
    expect(lines).toMatchObject([
      {
        message: 'lead stored',
        function_request_id: 'lambda-1',
        correlation_id: 'api-1',
        cold_start: true,
      },
      {
        message: 'lead stored',
        function_request_id: 'lambda-2',
        correlation_id: 'api-2',
        cold_start: false,
      },
    ]);
  });

  it('builds the handler once per set of secrets, and anew when a rotation changes them', async () => {
    let secret = 'old';
    const build = vi.fn((value: string) => async () => value);
    const handler = lambdaHandler<string, Event, string>({
      secrets: async () => secret,
      build,
      logger: new Logger({ logLevel: 'SILENT' }),
    });
    const event = { requestContext: { requestId: 'r' } };
    expect(await handler(event)).toBe('old');
    expect(await handler(event)).toBe('old');
    secret = 'new';
    expect(await handler(event)).toBe('new');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('answers "unavailable" and logs why when the secrets cannot be read, then recovers', async () => {
    let failing = true;
    const handler = lambdaHandler<string, Event, string>({
      secrets: async () => {
        if (failing) throw new Error('ThrottlingException: Rate exceeded');
        return 'secret';
      },
      build: () => async () => 'ok',
      logger: new Logger({ logLevel: 'SILENT' }),
      unavailable: () => 'unavailable',
    });
    const event = { requestContext: { requestId: 'r' } };
    const lines = await logLines(async (logger) => {
      const logged = lambdaHandler<string, Event, string>({
        secrets: async () => {
          throw new Error('AccessDeniedException: not authorized');
        },
        build: () => async () => 'ok',
        logger,
        unavailable: () => 'unavailable',
      });
      expect(await logged(event)).toBe('unavailable');
    });
    expect(lines).toMatchObject([
      { level: 'ERROR', error: expect.stringContaining('AccessDeniedException') },
    ]);
    expect(await handler(event)).toBe('unavailable');
    failing = false;
    expect(await handler(event)).toBe('ok');
  });

  it('fails the invocation when there is no "unavailable" answer (scheduled runs are retried)', async () => {
    const handler = lambdaHandler<string, Event, string>({
      secrets: async () => {
        throw new Error('ResourceNotFoundException');
      },
      build: () => async () => 'ok',
      logger: new Logger({ logLevel: 'SILENT' }),
    });
    await expect(handler({ requestContext: { requestId: 'r' } })).rejects.toThrow(
      /ResourceNotFound/,
    );
  });
});
