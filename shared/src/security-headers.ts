/**
 * The site's security headers, written once: CloudFront's response-headers policy (infra)
 * and the local server (functions/local) send the same values, so the browser tests prove
 * the site works under the policy that production enforces.
 */

/**
 * Scripts only from the site's own files: a page runs one script, the site's, from a hashed
 * file, and the build fails on any other (web/scripts/browser-entries.ts), so no
 * 'unsafe-inline' and no per-page hashes are needed. Inline style attributes stay allowed:
 * they cannot run code, and decorative per-card colours use them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** Two years, subdomains, preload-list eligible. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Headers for every site response; HSTS is added only where the site is served over HTTPS. */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};
