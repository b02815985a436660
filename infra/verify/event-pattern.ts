/**
 * The part of EventBridge's event-pattern matching the stack's rules use, so a test can
 * evaluate the synthesized pattern against SES's documented events before any deploy (no npm
 * package of the registry list here implements EventBridge's matching). As "Creating event
 * patterns" states it: a pattern's fields must all match; a field's value is an array of
 * values of which one must equal the event's; a nested object matches the event's object of
 * the same name; when the event's field is an array, the pattern matches if any element does:
 * https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html
 * Content filters (prefix, anything-but, numeric, exists, ...) are refused, not guessed: a
 * pattern that uses one needs TestEventPattern, which the deployed check runs.
 */
export function matchesEventPattern(pattern: unknown, event: unknown): boolean {
  if (!isObject(pattern)) throw new Error('An event pattern is a JSON object');
  if (!isObject(event)) return false;
  return Object.entries(pattern).every(([field, expected]) => {
    const actual = event[field];
    if (Array.isArray(expected)) {
      const candidates = Array.isArray(actual) ? actual : [actual];
      return expected.some((value) => {
        if (isObject(value) || Array.isArray(value)) {
          throw new Error(
            `Content filter ${JSON.stringify(value)} on "${field}" is not supported here`,
          );
        }
        return actual !== undefined && candidates.some((candidate) => candidate === value);
      });
    }
    if (isObject(expected)) return matchesEventPattern(expected, actual);
    throw new Error(`The pattern's "${field}" must be an array or an object`);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
