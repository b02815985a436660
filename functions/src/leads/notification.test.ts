import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactForm } from './forms/contact.ts';
import { escapeHtml, headerSafe, salesNotification } from './notification.ts';

const contact: Contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  subject: 'security',
  message: 'First line\n\nSecond paragraph',
  phone: '+44 20 7946 0958',
};

function notify(data: Record<string, unknown>) {
  return salesNotification({
    definition: contactForm,
    data,
    submissionId: 'sub-1',
    createdAt: '2025-01-02T03:04:05.000Z',
    recipients: ['sales@kryon.example', 'ops@kryon.example'],
  });
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

// Lines break anywhere and characters that matter in HTML and headers come often.
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom('<', '>', '&', '"', "'", '\r', '\n', '\r\n', '\t', '\0', ':', ' '),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
  ),
  maxLength: 80,
});
const filled = hostile.filter((value) => value.length > 0);

describe('salesNotification', () => {
  it('addresses sales, replies to the visitor and names the form, subject and company', () => {
    const email = notify(contact);
    expect(email.to).toEqual(['sales@kryon.example', 'ops@kryon.example']);
    expect(email.replyTo).toEqual(['ada@example.com']);
    expect(email.subject).toBe('Contact: Security Question from Ada Lovelace (Analytical Engines)');
    expect(email.tags).toEqual({ form: 'contact', audience: 'sales' });
  });

  it('leaves the company out of the subject when there is none', () => {
    expect(notify({ ...contact, company: undefined }).subject).toBe(
      'Contact: Security Question from Ada Lovelace',
    );
  });

  it('lists every field with its label in the text and HTML bodies', () => {
    const email = notify(contact);
    for (const [label, value] of [
      ['Name', 'Ada Lovelace'],
      ['Email', 'ada@example.com'],
      ['Company', 'Analytical Engines'],
      ['Phone', '+44 20 7946 0958'],
      ['Subject', 'Security Question'],
      ['Message', 'First line\n\nSecond paragraph'],
    ]) {
      expect(email.text).toContain(`${label}:\n${value}\n`);
      expect(email.html).toContain(`>${label}</th>`);
      expect(email.html).toContain(`>${escapeHtml(value as string)}</td>`);
    }
    expect(email.text).toContain('Submission: sub-1');
    expect(email.html).toContain('Submission sub-1, received 2025-01-02T03:04:05.000Z');
  });

  it('says where the lead came from in one line of the text and of the HTML, escaped', () => {
    const email = salesNotification({
      definition: contactForm,
      data: contact,
      submissionId: 'sub-1',
      createdAt: '2025-01-02T03:04:05.000Z',
      recipients: ['sales@kryon.example'],
      attribution: {
        utmSource: 'news & <views>',
        utmMedium: 'email',
        utmCampaign: 'q4-launch',
        referrerOrigin: 'https://news.example',
        landingPath: '/security-intelligence',
        formPath: '/contact',
      },
    });
    const line =
      'Source: news & <views> / email / q4-launch, from https://news.example, landed on /security-intelligence, sent from /contact';
    expect(email.text).toContain(`\n${line}\n`);
    expect(email.html).toContain(`>${escapeHtml(line)}</p>`);
    expect(email.html).not.toContain('<views>');
    // Where the lead came from is for sales, never a header.
    expect(email.subject).not.toContain('news');
  });

  it('has no source line when the lead carries no attribution', () => {
    const email = notify(contact);
    expect(email.text).not.toContain('Source:');
    expect(email.html).not.toContain('Source:');
  });

  it('omits empty optional fields', () => {
    const email = notify({ ...contact, company: undefined, phone: undefined });
    expect(email.text).not.toContain('Company:');
    expect(email.html).not.toContain('>Phone<');
  });

  it('escapes markup in every visitor value, even if it reached the domain unsanitised', () => {
    const email = notify({
      ...contact,
      name: '<script>alert("n")</script>',
      company: 'A & B <i>Corp</i>',
      phone: "'+1' <b>",
      message: '<img src=x onerror="alert(1)">',
    });
    expect(email.html).not.toMatch(/<(script|img|i|b)[\s>]/);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;n&quot;)&lt;/script&gt;');
    expect(email.html).toContain('A &amp; B &lt;i&gt;Corp&lt;/i&gt;');
    expect(email.html).toContain('&#39;+1&#39; &lt;b&gt;');
    expect(email.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('property: visitor values appear only escaped, each in its own table cell', () => {
    const cells = (html: string) => [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    const blank = (html: string) => html.replace(/(<td[^>]*>)[^<]*(<\/td>)/g, '$1$2');
    const layout = blank(notify(contact).html);
    fc.assert(
      fc.property(filled, filled, filled, filled, (name, company, phone, message) => {
        const { html } = notify({ ...contact, name, company, phone, message });
        // Escaped text holds no '<', so each cell's content is exactly one escaped value.
        expect(cells(html)).toEqual(
          [name, contact.email, company, phone, 'Security Question', message].map(escapeHtml),
        );
        // Outside the cells the markup is the fixed layout: no visitor text leaked into it.
        expect(blank(html)).toBe(layout);
      }),
      { numRuns: 300 },
    );
  });

  it('property: subject and reply-to never carry CR, LF or another control character', () => {
    fc.assert(
      fc.property(hostile, hostile, (name, company) => {
        const email = notify({ ...contact, name, company });
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
        expect(email.subject).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(email.subject.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: 300 },
    );
  });

  it('property: through the schema, a visitor e-mail with line breaks never reaches Reply-To', () => {
    const address = fc.stringMatching(
      /^[A-Za-z0-9._]{1,12}(\+[a-z0-9]{1,5})?@[a-z]{2,10}\.(com|io)$/,
    );
    const lineBreak = fc.constantFrom('\r\n', '\n', '\r', '\u2028', '\u0085');
    const injected = fc.oneof(
      fc.tuple(address, lineBreak, hostile).map(([a, br, tail]) => `${a}${br}Bcc: ${tail}`),
      fc.tuple(lineBreak, address, lineBreak).map(([br, a, br2]) => `${br} ${a}${br2}`),
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(address, injected), hostile, (email, name) => {
        const parsed = contactSchema.safeParse({ ...contact, email, name: `${name} Ada` });
        if (!parsed.success) return;
        accepted += 1;
        const sent = notify(parsed.data);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
        expect(sent.replyTo.join(',')).not.toMatch(/[\u0000-\u001f\u007f]/);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
        expect(sent.subject).not.toMatch(/[\u0000-\u001f\u007f]/);
      }),
      { numRuns: 300 },
    );
    // The property says something only if many generated submissions passed the schema.
    expect(accepted).toBeGreaterThan(100);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('property: escaped text has no markup characters and unescapes to the original', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const escaped = escapeHtml(value);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
        expect(unescapeHtml(escaped)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

describe('headerSafe', () => {
  it('turns line breaks and other control characters into single spaces', () => {
    expect(headerSafe('Ada\r\nBcc: evil@example.com\0\tX')).toBe('Ada Bcc: evil@example.com X');
  });

  it('cuts long values to the limit with an ellipsis', () => {
    const cut = headerSafe('a'.repeat(300));
    expect(cut).toHaveLength(200);
    expect(cut.endsWith('…')).toBe(true);
    expect(headerSafe('abcdef', 4)).toBe('abc…');
    expect(headerSafe('abcd', 4)).toBe('abcd');
  });

  it('never cuts a character in half', () => {
    const cut = headerSafe(`${'A'.repeat(98)} ${'😀'.repeat(150)}`);
    // No lone surrogate: every UTF-16 pair is whole.
    expect(cut).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut.endsWith('😀…')).toBe(true);
  });

  it('turns Unicode line and paragraph separators into spaces too', () => {
    expect(headerSafe('Ada\u2028Bcc: x@y.z\u0085!')).toBe('Ada Bcc: x@y.z !');
  });
});
