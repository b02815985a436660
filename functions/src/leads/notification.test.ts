import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import { RESEARCH_DOWNLOADS } from '@kryon/shared/research-catalogue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourceRows } from './attribution.ts';
import type { FormDefinition } from './form-definition.ts';
import { betaAccessForm } from './forms/beta-access.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { downloadForm } from './forms/download.ts';
import { partnerForm } from './forms/partner.ts';
import {
  cutText,
  escapeHtml,
  headerSafe,
  type SalesNotificationInput,
  SUBJECT_COMPANY_MAX,
  SUBJECT_MAX,
  salesNotices,
  salesNotification,
  salesSubject,
} from './notification.ts';

const contact: Contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  subject: 'security',
  message: 'First line\n\nSecond paragraph',
  phone: '+44 20 7946 0958',
};

const demo = {
  demoType: 'technical',
  fullName: 'Priya Raman',
  workEmail: 'priya@northwind.example',
  companyName: 'Northwind Finance',
  jobTitle: 'CISO',
  companySize: 'enterprise',
  industry: 'financial-services',
  urgency: 'high',
  timeframe: 'within-2-weeks',
  interestedModules: ['attack-path-mapping'],
  awsEnvironmentSize: '21-50',
  companyVerticals: ['financial-services'],
  specificUseCases: 'Map privilege escalation paths across 60 accounts.',
  securityChallenges: 'Too many findings without context across the organization.',
  whyKryon: 'We want attack paths, not another list of misconfigurations.',
  consentProcessing: true,
};
const partner = {
  name: 'Lars Berg',
  email: 'lars@fjord.example',
  company: 'Fjord Security',
  position: 'CEO',
  phone: '+47 22 12 34 56',
  companySize: '51-200',
  industry: 'technology',
  interests: ['reseller', 'mssp'],
  message: 'We resell cloud security to Nordic banks.',
};
const beta = {
  fullName: 'Mei Chen',
  workEmail: 'mei@harbour.example',
  companyName: 'Harbour Logistics',
  jobTitle: 'Head of Cloud',
  awsEnvironmentSize: '6-20',
  companyVerticals: ['retail-ecommerce'],
  securityChallenges: 'Nobody owns IAM across our twelve accounts today.',
  whyKryon: 'Attack paths instead of another list of findings, please.',
  consentProcessing: true,
};
const download = {
  email: 'sam@acme.example',
  firstName: 'Sam',
  company: 'Acme Corp',
  role: 'ciso',
  researchId: 'lambda-function-url-exposure-november-2026',
};

function notify(data: Record<string, unknown>, extra: Partial<SalesNotificationInput> = {}) {
  return salesNotification({
    definition: contactForm,
    data,
    submissionId: 'sub-1',
    createdAt: '2025-01-02T03:04:05.000Z',
    recipients: ['sales@kryon.example', 'ops@kryon.example'],
    timeZone: 'Europe/Berlin',
    ...extra,
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

/** The content of each cell visitor text is drawn in (a grey bar on its left). */
const VISITOR_CELL_CONTENT = /<td[^>]*border-left:3px solid #94a3b8;[^>]*>((?:[^<]|<br>)*)<\/td>/g;

/** The HTML with the quote cells emptied, the reply's greeting and the title dropped. */
function htmlWithoutVisitorText(html: string): string {
  return html
    .replace(VISITOR_CELL_CONTENT, (cell, content: string) => cell.replace(content, ''))
    .replace(/href="mailto:[^"]*"/g, 'href="mailto:"')
    .replace(/<title>[^<]*<\/title>/, '<title></title>');
}

/**
 * The plain text with each visitor value, in quotation marks on its label's line or as the
 * run of "> " lines after it, reduced to a mark.
 */
function textWithoutVisitorText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/: “[^”]*”$/, ': ▯'))
    .join('\n')
    .replace(/(?:^>(?: .*)?$\n?)+/gm, '>\n')
    .replace(/:\n>\n/g, ': ▯\n');
}

/** What the HTML shows as text: tags dropped, entities read. */
function textOfHtml(html: string): string {
  return unescapeHtml(html.replace(/<[^>]*>/g, ' '));
}

describe('salesNotification', () => {
  it('addresses sales, replies to the visitor and names the form, company and subject', () => {
    const email = notify(contact);
    expect(email.to).toEqual(['sales@kryon.example', 'ops@kryon.example']);
    expect(email.replyTo).toEqual(['ada@example.com']);
    expect(email.subject).toBe('Contact · Security Question · from “Analytical Engines”');
    expect(email.tags).toEqual({ form: 'contact', audience: 'sales', submission: 'sub-1' });
    expect(email.stream).toBe('sales');
    expect(email.fromName).toBeUndefined();
  });

  it('links only the address and the number: a chosen title is plain text', () => {
    const email = notify(download, { definition: downloadForm });
    const titleCell = /Title<\/th><td[^>]*>(.*?)<\/td>/s.exec(email.html)?.[1];
    expect(titleCell).toBe('CISO/Security Director');
    expect(email.html).not.toContain('href="tel:"');
    expect(email.html).toContain(`href="mailto:`);
  });

  it('names the visitor in the subject when there is no company', () => {
    expect(notify({ ...contact, company: undefined }).subject).toBe(
      'Contact · Security Question · from “Ada Lovelace”',
    );
  });

  it('reads summary, contact, own words, details, then the time, in both parts', () => {
    const email = notify(contact);
    expect(email.text).toBe(
      [
        'Contact message · Security Question',
        'Values in “quotation marks” and lines after "> " are what the visitor typed; links in them are disabled.',
        '',
        'Company: “Analytical Engines”',
        'Name: “Ada Lovelace”',
        'Email: ada@example.com',
        'Phone: +44 20 7946 0958',
        '',
        'Message:',
        '> First line',
        '>',
        '> Second paragraph',
        '',
        'Details',
        'Subject: Security Question',
        '',
        'Received: Thu 2 Jan 2025, 04:04 CET',
        'Submission: sub-1',
      ].join('\n'),
    );
    const order = [
      '>Contact message</h1>',
      '>Security&nbsp;Question</p>',
      '>“Analytical Engines”</td>',
      '>“Ada Lovelace”</td>',
      '>ada@example.com</a>',
      '>+44 20 7946 0958</a>',
      '>Reply by e-mail</a>',
      '>First line<br><br>Second paragraph</td>',
      '>Subject</th>',
      'Received Thu 2 Jan 2025, 04:04 CET · Submission sub-1',
    ].map((part) => email.html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('keeps paragraphs as <br> and no white-space rule Outlook would drop', () => {
    const { html } = notify({ ...contact, message: 'One\nTwo\r\nThree\n\nFour' });
    expect(html).toContain('One<br>Two<br>Three<br><br>Four');
    expect(html).not.toMatch(/white-space|system-ui/);
    expect(html).toContain("font-family:'Segoe UI',");
  });

  it('opens a reply to the visitor from the Reply button, every part percent-encoded', () => {
    const { html } = notify({ ...contact, name: 'Ada & "Bob" <x>' });
    const href = /href="(mailto:[^"]*)"[^>]*>Reply by e-mail/.exec(html)?.[1] ?? '';
    const url = new URL(unescapeHtml(href));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('ada@example.com');
    expect(url.searchParams.get('subject')).toBe('Your message to Kryon');
    expect(url.searchParams.get('body')).toBe('Hello Ada,\r\n\r\n');
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
  });

  it('says why a lead is a priority, first, and marks the subject', () => {
    const email = salesNotification({
      definition: demoForm,
      data: { ...demo, awsEnvironmentSize: '100+', timeframe: 'asap' },
      submissionId: 's-1',
      createdAt: '2026-11-24T08:01:46.220Z',
      recipients: ['sales@kryon.example'],
      timeZone: 'Europe/Berlin',
    });
    expect(email.subject).toBe(
      '[Priority] Demo request · 100+ AWS accounts · from “Northwind Finance”',
    );
    expect(email.text.split('\n')[0]).toBe('Priority: 100+ AWS accounts, Enterprise, ASAP');
    expect(email.html).toMatch(
      /<body[^>]*><table[^>]*><tr><td[^>]*><table[^>]*><tr><td[^>]*>Priority: 100\+ AWS accounts, Enterprise, ASAP</,
    );
    expect(email.text).toContain('Received: Tue 24 Nov 2026, 09:01 CET');
  });

  it('shows no priority for a lead without a qualifying answer', () => {
    const email = salesNotification({
      definition: demoForm,
      data: { ...demo, companySize: 'midmarket' },
      submissionId: 's-1',
      createdAt: '2026-11-24T08:01:46.220Z',
      recipients: ['sales@kryon.example'],
      timeZone: 'UTC',
    });
    expect(email.subject).toBe('Demo request · 21-50 AWS accounts · from “Northwind Finance”');
    expect(`${email.text}${email.html}`).not.toContain('Priority');
    expect(email.text).toContain('Received: Tue 24 Nov 2026, 08:01 UTC');
  });

  it('shows extra rows first among the details, as quoted visitor text', () => {
    const email = notify(contact, {
      extraRows: [{ label: 'Source', value: 'linkedin / paid <b>' }],
    });
    expect(email.text).toContain(
      'Details\nSource: “linkedin / paid <b>”\nSubject: Security Question',
    );
    expect(email.html).toContain('>Source</th>');
    expect(email.html).toContain('“linkedin / paid &lt;b&gt;”</td>');
    expect(email.html.indexOf('>Source</th>')).toBeLessThan(email.html.indexOf('>Subject</th>'));
  });

  it('says where the lead came from as the first detail, in the text and the HTML, escaped', () => {
    const email = notify(contact, {
      extraRows: sourceRows({
        utmSource: 'news & <views>',
        utmMedium: 'email',
        utmCampaign: 'q4-launch',
        referrerOrigin: 'https://news.example',
        landingPath: '/security-intelligence',
        formPath: '/contact',
      }),
    });
    const source =
      '“news & <views> / email / q4-launch, from hxxps://news[.]example, landed on /security-intelligence, sent from /contact”';
    expect(email.text).toContain(`\nSource: ${source}\n`);
    expect(email.html).toContain(escapeHtml(source));
    // The referring site is the request's to name: never a link.
    expect(`${email.text}${email.html}`).not.toContain('https://news.example');
    expect(email.html).not.toContain('<views>');
    // Where the lead came from is for sales, never a header.
    expect(email.subject).not.toContain('news');
  });

  it('has no source row when the lead carries no attribution', () => {
    expect(sourceRows(undefined)).toEqual([]);
    const email = notify(contact, { extraRows: sourceRows(undefined) });
    expect(email.text).not.toContain('Source:');
    expect(email.html).not.toContain('>Source<');
  });

  it('omits empty optional fields', () => {
    const email = notify({ ...contact, company: undefined, phone: undefined });
    expect(email.text).not.toContain('Phone:');
    expect(email.html).not.toContain('>Phone<');
    expect(email.html).not.toContain('tel:');
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

  it('property: visitor values appear only as quoted visitor text; every other part is fixed', () => {
    const baseline = notify(contact);
    fc.assert(
      fc.property(filled, filled, filled, (name, company, message) => {
        const email = notify({ ...contact, name, company, message });
        // Nothing but the quote cells, the reply's greeting and the subject changed: the bands,
        // the headings, the summary, the legend and the button are the system's alone.
        expect(htmlWithoutVisitorText(email.html)).toBe(htmlWithoutVisitorText(baseline.html));
        expect(textWithoutVisitorText(email.text)).toBe(textWithoutVisitorText(baseline.text));
        // Escaped text holds no '<' or '"', so no value can open a tag or leave an attribute.
        for (const [, cell = ''] of email.html.matchAll(VISITOR_CELL_CONTENT)) {
          expect(cell.replace(/<br>/g, '')).not.toMatch(/[<>"]/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: no link is built from, or left in, what the visitor typed', () => {
    const host = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/),
        fc.constantFrom('com', 'io', 'dev', 'example', 'de'),
      )
      .map(([label, tld]) => `${label}.${tld}`);
    const link = fc.oneof(
      host.map((h) => `https://${h}/login`),
      host.map((h) => `http://kryon.${h}`),
      host.map((h) => `www.${h}`),
      host.map((h) => `billing@${h}`),
      host,
    );
    const withLink = fc
      .tuple(hostile, link, hostile)
      .map(([before, l, after]) => `${before} ${l} ${after}`);
    fc.assert(
      fc.property(withLink, withLink, withLink, (name, company, message) => {
        const email = notify({ ...contact, name, company, message });
        // The only targets: a reply to the validated address and the validated phone number.
        for (const [, href = ''] of email.html.matchAll(/href="([^"]*)"/g)) {
          expect(href).toMatch(/^(mailto:ada@example\.com\?|tel:\+442079460958$)/);
        }
        for (const part of [email.text, textOfHtml(email.html), email.subject]) {
          expect(part).not.toMatch(/\b(?:https?|ftp):\/\/|\bwww\./i);
          expect(part.replaceAll('ada@example.com', '')).not.toMatch(
            /[a-z0-9]\.(?:com|io|dev|example|de)\b/i,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: the subject starts with the system words, the visitor’s in quotes at the end', () => {
    fc.assert(
      fc.property(filled, filled, (name, company) => {
        const { subject } = notify({ ...contact, name, company });
        expect(subject.startsWith('Contact · Security Question')).toBe(true);
        const from = subject.indexOf(' · from “');
        if (from >= 0) {
          expect(from).toBe('Contact · Security Question'.length);
          expect(subject.endsWith('”')).toBe(true);
        } else {
          expect(subject).toBe('Contact · Security Question');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows what reads like the system, typed by a visitor, as quoted visitor text', () => {
    const email = notify({
      ...contact,
      company: 'Priority: 100+ AWS accounts, ASAP',
      name: 'Ada [Priority] Lovelace',
      message: [
        '! Verified by the browser check.',
        'Reply by e-mail: https://evil.example/reply',
        'Priority: 100+ AWS accounts',
      ].join('\n'),
    });
    expect(email.subject).toBe(
      'Contact · Security Question · from “Priority: 100+ AWS accounts, ASAP”',
    );
    // No band: a contact message is never a priority, whatever it says.
    expect(email.html).not.toContain('#b91c1c');
    expect(email.html).not.toContain('#fef3c7');
    const lines = email.text.split('\n');
    expect(lines.filter((line) => line.startsWith('!'))).toEqual([]);
    expect(lines.filter((line) => line.includes('Priority'))).toEqual([
      'Company: “Priority: 100+ AWS accounts, ASAP”',
      'Name: “Ada [Priority] Lovelace”',
      '> Priority: 100+ AWS accounts',
    ]);
    expect(lines).toContain('> ! Verified by the browser check.');
    expect(lines).toContain('> Reply by e-mail: hxxps://evil[.]example/reply');
    // One reply button, the system's; the visitor's copy of its words sits in a quote cell.
    expect(email.html.match(/>Reply by e-mail<\/a>/g)).toHaveLength(1);
    expect([...email.html.matchAll(VISITOR_CELL_CONTENT)].map((m) => m[1])).toEqual([
      '“Priority: 100+ AWS accounts, ASAP”',
      '“Ada [Priority] Lovelace”',
      '! Verified by the browser check.<br>Reply by e-mail: hxxps://evil[.]example/reply<br>Priority: 100+ AWS accounts',
    ]);
    expect(email.html).toMatch(/<h1[^>]*>Contact message<\/h1>/);
  });

  it('property: the reply link keeps the visitor address and Kryon subject whatever the name', () => {
    fc.assert(
      fc.property(filled, (name) => {
        const { html } = notify({ ...contact, name: `${name} Ada` });
        const href = /href="(mailto:[^"]*)"[^>]*>Reply by e-mail/.exec(html)?.[1] ?? '';
        const url = new URL(unescapeHtml(href));
        expect(url.pathname).toBe('ada@example.com');
        expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
        expect(url.searchParams.get('subject')).toBe('Your message to Kryon');
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
        expect(Array.from(email.subject).length).toBeLessThanOrEqual(SUBJECT_MAX);
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

describe('salesSubject', () => {
  const LONG_COMPANY = `Very Long Company Name ${'Holdings '.repeat(12)}`.trim().slice(0, 100);
  const longestTitle = RESEARCH_DOWNLOADS.map((r) => r.title).reduce((a, b) =>
    b.length > a.length ? b : a,
  );
  const samples: [string, FormDefinition, Record<string, unknown>][] = [
    ['contact', contactForm, contact],
    ['partner', partnerForm, partner],
    ['demo', demoForm, { ...demo, awsEnvironmentSize: '100+', timeframe: 'asap' }],
    ['beta-access', betaAccessForm, beta],
    ['download', downloadForm, download],
  ];
  const companyOf = (definition: FormDefinition) =>
    definition.form === 'demo' || definition.form === 'beta-access' ? 'companyName' : 'company';

  it.each(samples)(
    '%s: the system words first, the company quoted at the end',
    (_f, definition, data) => {
      const subject = salesSubject(definition, data);
      const company = String(data[companyOf(definition)]);
      expect(
        subject.startsWith(`${definition.subjectName} · `) || subject.startsWith('[Priority] '),
      ).toBe(true);
      expect(subject.endsWith(` · from “${company}”`)).toBe(true);
      expect(Array.from(subject).length).toBeLessThanOrEqual(SUBJECT_MAX);
    },
  );

  it.each(samples)(
    '%s: a 100-character company is cut with an ellipsis, at most 50 characters',
    (_f, definition, data) => {
      const subject = salesSubject(definition, { ...data, [companyOf(definition)]: LONG_COMPANY });
      const quoted = /· from “(.*)”$/u.exec(subject)?.[1] ?? '';
      expect(quoted.endsWith('…')).toBe(true);
      expect(Array.from(quoted).length).toBeGreaterThanOrEqual(20);
      expect(Array.from(quoted).length).toBeLessThanOrEqual(SUBJECT_COMPANY_MAX);
      expect(LONG_COMPANY.startsWith(quoted.slice(0, -1))).toBe(true);
      expect(Array.from(subject).length).toBeLessThanOrEqual(SUBJECT_MAX);
    },
  );

  it('cuts the longest report title, never the company, and stays within the limit', () => {
    const title = longestTitle;
    const id = RESEARCH_DOWNLOADS.find((r) => r.title === title)?.id;
    const subject = salesSubject(downloadForm, {
      ...download,
      researchId: id,
      company: 'Acme Corp',
    });
    expect(subject.startsWith('Download · ')).toBe(true);
    expect(subject.endsWith(' · from “Acme Corp”')).toBe(true);
    expect(Array.from(subject).length).toBeLessThanOrEqual(SUBJECT_MAX);
    const shown = subject.slice('Download · '.length, -' · from “Acme Corp”'.length);
    expect(title.startsWith(shown.replace(/…$/, ''))).toBe(true);
  });

  it('cuts between graphemes, so a flag or accented letter is never halved', () => {
    expect(cutText('ab🇩🇪🇩🇪', 4)).toBe('ab…');
    expect(cutText('abcdef', 4)).toBe('abc…');
    expect(cutText('abcd', 4)).toBe('abcd');
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

describe('salesNotices', () => {
  it('tells sales that the confirmation was withheld because visitor e-mail is paused', () => {
    expect(
      salesNotices(
        {
          browserCheck: 'verified',
          emails: {
            sales: { status: 'pending', attempts: 0 },
            visitor: { status: 'withheld', reason: 'visitor-stream-paused', attempts: 0 },
          },
        },
        downloadForm,
      ),
    ).toEqual([
      'No confirmation was sent to the visitor: e-mail to visitors is paused (bounce or complaint rate too high).',
    ]);
  });
});
