/**
 * The key both rate limits count an e-mail address by (spec section 5: 3 per 60 s per
 * e-mail): lower-cased and without a `+tag`, so `Ada+1@x.io` and `ada@x.io` share one budget.
 * The browser's limiter and the Lambda's use this one function, so they agree.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).replace(/\+.*$/, '');
  return `${local}${lower.slice(at)}`;
}
