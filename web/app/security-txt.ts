import { SECURITY_TXT_PATH } from '@kryon/shared/site-files';

/**
 * How long a build's security.txt stays valid. RFC 9116 recommends an Expires less than a
 * year ahead so stale contact data cannot linger; every build renews it, so the file expires
 * only on a site left undeployed for this long.
 */
export const SECURITY_TXT_VALID_DAYS = 364;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SecurityTxtInput {
  /** The site's canonical origin, for the Canonical field. */
  origin: string;
  /** The address vulnerability reports go to. */
  contact: string;
  /** The build's clock. */
  now: Date;
}

/** The Expires value: RFC 3339 in UTC, whole seconds. */
export function securityTxtExpires(now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_VALID_DAYS * DAY_MS);
  return expires.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * /.well-known/security.txt (RFC 9116). No Policy field: the site has no vulnerability
 * disclosure policy page, and the privacy notice is not one.
 */
export function securityTxt({ origin, contact, now }: SecurityTxtInput): string {
  return [
    `# How to report a security vulnerability to Kryon (RFC 9116).`,
    `Contact: mailto:${contact}`,
    `Expires: ${securityTxtExpires(now)}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL(SECURITY_TXT_PATH, origin).toString()}`,
    '',
  ].join('\n');
}
