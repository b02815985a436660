import { describe, expect, it } from 'vitest';
import { API_KEY_MAX_LENGTH, apiKeyProblem } from './api-key.ts';

/*
 * EventBridge's ApiKeyValue (CreateConnection's ConnectionApiKeyAuthRequestParameters): 1 to
 * 512 characters, pattern ^[ \t]*[^\x00-\x1F:\x7F]+([ \t]+[^\x00-\x1F:\x7F]+)*[ \t]*$:
 * https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_CreateConnectionApiKeyAuthRequestParameters.html
 */
describe('apiKeyProblem', () => {
  it('takes the keys receivers hand out: a token, Bearer and a token, words between tabs', () => {
    for (const key of [
      'sk_live_0123456789abcdef',
      'Bearer eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
      'a',
      'x'.repeat(API_KEY_MAX_LENGTH),
      'Token\tabc',
      ' padded ',
      'clé-ünïcode',
    ]) {
      expect(apiKeyProblem(key), key).toBeUndefined();
    }
  });

  it('names what EventBridge refuses, never the value', () => {
    const said = [
      apiKeyProblem(''),
      apiKeyProblem('k'.repeat(API_KEY_MAX_LENGTH + 1)),
      apiKeyProblem('sk_live_secret\n'),
      apiKeyProblem('sk_live_secret\r\n'),
      apiKeyProblem('user:sk_live_secret'),
      apiKeyProblem('sk_live\nsecret'),
      apiKeyProblem('sk_live\u0000secret'),
      apiKeyProblem('sk_live\u007Fsecret'),
      apiKeyProblem('   '),
    ];
    expect(said).toEqual([
      'is empty',
      'is 513 characters long: an API key is 1 to 512',
      'ends with a newline',
      'ends with a newline',
      'holds a colon (:), which an API key may not',
      'holds a control character (a line break or another)',
      'holds a control character (a line break or another)',
      'holds a control character (a line break or another)',
      'is blank: only spaces or tabs',
    ]);
    expect(JSON.stringify(said)).not.toContain('sk_live');
  });
});
