import { API_PATHS, CHALLENGE_FORM_PARAM, type LeadForm } from '@kryon/shared/api';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { apiEvent, type Handler } from './events.ts';

/**
 * What the site does before it sends a form: GET a challenge from the challenge handler (the
 * real one, with the environment's secret), solve it as the browser's worker does, and give
 * back the payload the form sends in CHALLENGE_FIELD.
 */
export async function solvedChallenge(form: LeadForm): Promise<string> {
  const { handler } = (await import('../src/handlers/challenge.ts')) as { handler: Handler };
  const response = await handler(
    apiEvent({
      method: 'GET',
      path: API_PATHS.challenge,
      body: undefined,
      query: { [CHALLENGE_FORM_PARAM]: form },
    }),
  );
  if (response.statusCode !== 200) throw new Error(`challenge answered ${response.statusCode}`);
  const challenge = JSON.parse(response.body) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
