import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { describeError } from './leads/redact.ts';

/** What the wrapper needs of Powertools' Logger. */
export type InvocationLogger = Pick<Logger, 'addContext' | 'setCorrelationId' | 'error'>;

export interface LambdaHandlerOptions<S, E, R> {
  /** Reads the secrets (cached by the reader); the first read starts at cold start. */
  secrets: () => Promise<S>;
  /** Builds the handler for one set of secret values; rebuilt only when they change. */
  build: (secrets: S) => (event: E, context?: Context) => Promise<R>;
  logger: InvocationLogger;
  /** The id that ties this run to the caller's request, e.g. API Gateway's request id. */
  correlationId?: (event: E) => string | undefined;
  /** The answer when the secrets cannot be read; without it the invocation fails. */
  unavailable?: () => R;
}

/**
 * A Lambda entry point: logs carry the Lambda and caller request ids, and secrets are read at
 * run time, the handler rebuilt when a rotation changes them (decision 035). Local callers may
 * pass no context.
 */
export function lambdaHandler<S, E, R>(options: LambdaHandlerOptions<S, E, R>) {
  // Reading starts during the init phase; its failure is reported on the first request.
  let loading: Promise<S> | undefined = options.secrets();
  loading.catch(() => undefined);
  let built:
    | { fingerprint: string; handle: (event: E, context?: Context) => Promise<R> }
    | undefined;

  return async (event: E, context?: Context): Promise<R> => {
    if (context) options.logger.addContext(context);
    options.logger.setCorrelationId(options.correlationId?.(event));
    let handle: (event: E, context?: Context) => Promise<R>;
    try {
      const secrets = await (loading ?? options.secrets());
      const fingerprint = JSON.stringify(secrets);
      if (built?.fingerprint !== fingerprint) {
        built = { fingerprint, handle: options.build(secrets) };
      }
      handle = built.handle;
    } catch (error) {
      options.logger.error('could not read the secrets or build the handler', {
        error: describeError(error),
      });
      if (options.unavailable) return options.unavailable();
      throw error;
    } finally {
      loading = undefined;
    }
    return handle(event, context);
  };
}
