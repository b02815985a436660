/**
 * What a log line or a reason may say of a thrown value: its class, and its code when the
 * network gave one, never its message (which may echo a URL that is a credential, or what a
 * receiver answered). A module of its own, so the local tools that import it (the local bus,
 * which the browser tests' helpers reach) import nothing else.
 */
export function errorClass(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  if (error.name === 'TimeoutError') return 'TimeoutError';
  const code =
    (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)
    ? `${error.name} (${code})`
    : error.name;
}
