// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SECURITY_TXT_VALID_DAYS, securityTxt } from './security-txt.ts';
import { SITE } from './site-config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Field name -> values, as RFC 9116 section 2.3 parses a file: comments and blanks skipped. */
function fields(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
    if (!match) throw new Error(`not a field line: ${line}`);
    const [, name = '', value = ''] = match;
    out.set(name.toLowerCase(), [...(out.get(name.toLowerCase()) ?? []), value]);
  }
  return out;
}

describe('security.txt', () => {
  const now = new Date('2026-03-01T10:20:30.456Z');
  const text = securityTxt({ origin: 'https://kryon.example', contact: 'sec@kryon.example', now });
  const parsed = fields(text);

  it('has every line a comment or a field, and ends with a newline', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\r');
  });

  it('names the contact as a mailto: URI', () => {
    expect(parsed.get('contact')).toEqual(['mailto:sec@kryon.example']);
  });

  it('expires once, in UTC, in the future and within a year of the build', () => {
    const [expires, ...more] = parsed.get('expires') ?? [];
    expect(more).toEqual([]);
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const at = Date.parse(expires ?? '');
    expect(at).toBeGreaterThan(now.getTime());
    expect(at - now.getTime()).toBeLessThan(365 * DAY_MS);
    expect(expires).toBe('2027-02-28T10:20:30Z');
    expect(SECURITY_TXT_VALID_DAYS).toBeLessThan(365);
  });

  it('prefers English and names its canonical https URL on the site origin', () => {
    expect(parsed.get('preferred-languages')).toEqual(['en']);
    expect(parsed.get('canonical')).toEqual(['https://kryon.example/.well-known/security.txt']);
  });

  it('invents no policy page', () => {
    expect(parsed.has('policy')).toBe(false);
  });

  it('uses the security address of the site configuration', () => {
    expect(SITE.securityContact).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });
});
