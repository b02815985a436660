import { CHALLENGE_REPRICED, type SubmissionAccepted } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DependencyError } from '../leads/errors.ts';
import type { FormDefinition } from '../leads/form-definition.ts';
import { describeError } from '../leads/redact.ts';
import { type LeadDeps, submitLead } from '../leads/submit-lead.ts';
import { idempotencyKey, parseJsonBody } from './parse-event.ts';
import { errorResponse, type HttpResponse, json } from './responses.ts';

const RETRY_AFTER_SECONDS = '60';

/** The Lambda handler of one lead form: event in, domain function, response out. */
export function createFormHandler(definition: FormDefinition, deps: LeadDeps) {
  return async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    if (event.requestContext.http.method !== 'POST') {
      return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'POST' } });
    }
    const body = parseJsonBody(event);
    if (!body.ok) return body.response;
    const key = idempotencyKey(event, deps.newId);
    if (!key.ok) return key.response;

    try {
      const result = await submitLead(
        {
          definition,
          body: body.value,
          idempotencyKey: key.value,
          userAgent: event.requestContext.http.userAgent,
          sourceIp: event.requestContext.http.sourceIp,
        },
        deps,
      );
      switch (result.kind) {
        case 'accepted':
          return json(200, {
            success: true,
            // Never "sent" for an e-mail that was not.
            message:
              result.confirmation && result.confirmation !== 'sent' && deps.config.unsentMessages
                ? deps.config.unsentMessages[result.confirmation]
                : deps.config.successMessage,
            submissionId: result.submissionId,
            timestamp: result.timestamp,
            ...(result.confirmation ? { confirmation: result.confirmation } : {}),
            ...(result.reportUrl ? { reportUrl: result.reportUrl } : {}),
          } satisfies SubmissionAccepted);
        case 'invalid':
          return errorResponse(400, ERROR_MESSAGES.validation, { details: result.details });
        case 'rate-limited':
          return errorResponse(429, ERROR_MESSAGES.rateLimited, {
            headers: { 'retry-after': RETRY_AFTER_SECONDS },
          });
        case 'conflict':
          return errorResponse(409, ERROR_MESSAGES.conflict);
        case 'repriced':
          return errorResponse(409, ERROR_MESSAGES.challengeRepriced, {
            reason: CHALLENGE_REPRICED,
          });
      }
    } catch (error) {
      if (error instanceof DependencyError) {
        deps.log.error('dependency unavailable', {
          dependency: error.dependency,
          error: describeError(error),
        });
        return errorResponse(503, ERROR_MESSAGES.unavailable, {
          headers: { 'retry-after': RETRY_AFTER_SECONDS },
        });
      }
      deps.log.error('unexpected failure', { error: describeError(error) });
      return errorResponse(500, ERROR_MESSAGES.server);
    } finally {
      deps.metrics.flush();
    }
  };
}
