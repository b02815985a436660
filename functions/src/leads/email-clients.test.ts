import { DoIUseEmail } from '@jsx-email/doiuse-email';
import { describe, expect, it } from 'vitest';
import { emailSamples } from '../../test/email-samples.ts';

/**
 * Where sales and visitors read mail: Outlook for Windows, Outlook on the web, Gmail (web and
 * apps) and Apple Mail (macOS and iOS). The package's own list of clients lacks Outlook on
 * the web, though the caniemail data it carries has it (outlook-com): it is added by hand.
 */
const CLIENTS = ['outlook.windows', 'gmail.*', 'apple-mail.*'];
const OUTLOOK_ON_THE_WEB = 'outlook.outlook-com';

function check(html: string) {
  const checker = new DoIUseEmail({ emailClients: CLIENTS });
  (checker.emailClients as string[]).push(OUTLOOK_ON_THE_WEB);
  return checker.check(html);
}

describe('every e-mail against the caniemail data of the clients people read it in', () => {
  it('checks what it says it checks: Outlook on the web included, errors found', () => {
    const result = check(
      '<table><tr><td style="white-space:pre-wrap;border-radius:4px">x</td></tr></table>',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toContain('`white-space` is not supported by `outlook.windows`');
    expect(result.errors).toContain('`border-radius` is not supported by `outlook.windows`');
    expect(check('<p>x</p>').notes.join()).not.toContain(OUTLOOK_ON_THE_WEB);
    expect(
      check('<body><p>x</p></body>').warnings.some((w) => w.includes(OUTLOOK_ON_THE_WEB)),
    ).toBe(true);
  });

  const samples = emailSamples();

  it('renders every kind: each form to sales, each confirmation to a visitor, the digest', () => {
    expect(samples.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'sales-contact',
        'sales-partner',
        'sales-demo',
        'sales-beta-access',
        'sales-download',
        'sales-demo-priority-long',
        'visitor-partner',
        'visitor-demo',
        'visitor-beta-access',
        'visitor-download',
        'sales-digest',
      ]),
    );
  });

  it.each(samples.map((s) => [s.name, s.email.html] as const))(
    '%s: no feature those clients drop',
    (_name, html) => {
      const result = check(html);
      expect(result.success ? [] : result.errors).toEqual([]);
    },
  );

  it.each(samples.map((s) => [s.name, s.email.html] as const))(
    '%s: a font Outlook has first, line breaks as <br>, no pre-wrap',
    (_name, html) => {
      for (const [, family = ''] of html.matchAll(/font-family:([^;"]+)/g)) {
        expect(family.startsWith("'Segoe UI'")).toBe(true);
      }
      expect(html).not.toMatch(/white-space|system-ui/);
      expect(html).not.toMatch(/>[^<]*\n[^<]*</);
    },
  );
});
