import * as z from 'zod/mini';

/*
 * The one rule for an e-mail address and a From header, wherever one is read: a form's
 * field (text.ts's schemas add what SES can deliver to), a function's configuration at cold
 * start, an environment file at synth, an SES event's recipient.
 */

/** zod's e-mail rule: a plain address, with a dotted domain, no display name. */
const ADDRESS = z.regexes.email;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `Name <address>`: the name may hold no angle bracket and no @, so it cannot hide one. */
const NAMED = /^([^<>@]*)<([^<>]*)>$/;

export function isEmailAddress(value: string): boolean {
  return ADDRESS.test(value);
}

export interface FromHeader {
  /** The display name, when the header has one. */
  name?: string;
  address: string;
}

/**
 * A From header as it is sent: one address (`no-reply@kryon.example`) or a name and one
 * address in angle brackets (`Kryon <no-reply@kryon.example>`), on one line. Anything else,
 * two addresses, a line break, an unclosed bracket, is not one (undefined): it would become
 * a header as it is.
 */
export function parseFromHeader(value: string): FromHeader | undefined {
  if (CONTROL.test(value)) return undefined;
  const named = NAMED.exec(value.trim());
  const address = (named ? (named[2] ?? '') : value).trim();
  if (!isEmailAddress(address)) return undefined;
  const name = named?.[1]?.trim();
  return name ? { name, address } : { address };
}

/**
 * The address of a header value that was already sent or checked (`Kryon <a@b>` -> `a@b`;
 * a bare address as it is), for reading what SES reports: it never refuses.
 */
export function bareAddress(value: string): string {
  return (/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).trim();
}
