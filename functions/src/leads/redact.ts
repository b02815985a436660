/**
 * Text bound for the logs, without e-mail addresses: SES and other services name the
 * addresses they refused in their error messages, and logs must never carry a visitor's.
 */
export function redact(text: string, max = 300): string {
  // The local part may hold an apostrophe (o'brien@...), which the schemas accept, though
  // not begin with one: a quote before an address is punctuation.
  return text
    .replace(/[^\s@<>"'(),;:][^\s@<>"(),;:]*@[^\s@<>"'(),;:]+/g, '[address]')
    .slice(0, max);
}

/** `Name: message` of a failure, redacted, for logs and the lead's e-mail state. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause =
    error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message})` : '';
  return redact(`${error.name}: ${error.message}${cause}`, 500);
}
