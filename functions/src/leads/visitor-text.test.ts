import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defangLinks, inlineQuote, quoteLines } from './visitor-text.ts';

describe('defangLinks', () => {
  it.each([
    [
      'Reply by e-mail: https://evil.example/x?y=1',
      'Reply by e-mail: hxxps://evil[.]example/x?y=1',
    ],
    ['HTTP://EVIL.COM/a.html', 'hxxp://EVIL[.]COM/a[.]html'],
    ['ftp://files.evil.example', 'fxp://files[.]evil[.]example'],
    ['see //evil.com/x', 'see //evil[.]com/x'],
    ['mail bob@evil.dev now', 'mail bob@evil[.]dev now'],
    ['mailto:bob@evil.io', 'mailto[:]bob@evil[.]io'],
    ['go to evil.dev or evil.io.', 'go to evil[.]dev or evil[.]io.'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['http://192.168.0.1/admin', 'hxxp://192[.]168[.]0[.]1/admin'],
    ['javascript://comment%0Aalert(1)', 'javascript[:]//comment%0Aalert(1)'],
    ['smb://evil/share', 'smb[:]//evil/share'],
    ['пример.рф', 'пример[.]рф'],
    // What a recogniser may leave: ports, a scheme already disabled, other schemes.
    ['evil.com:8443', 'evil[.]com:8443'],
    ['go to evil.com:8443/login now', 'go to evil[.]com:8443/login now'],
    ['a@evil.com:25', 'a@evil[.]com:25'],
    ['hxxps://login.evil.com/x', 'hxxps://login.evil[.]com/x'],
    ['hxxp://evil.com/login', 'hxxp://evil[.]com/login'],
    ['smb://evil.com/x', 'smb[:]//evil[.]com/x'],
    ['www.evil.com:8443/x', 'www[.]evil[.]com:8443/x'],
  ])('%j -> %j', (text, expected) => {
    expect(defangLinks(text)).toBe(expected);
  });

  // Hostile text a recogniser may half-read: every scheme, mailto: and dot a client would
  // link is disabled, wherever it stands.
  it.each([
    // A link inside another's query: the inner scheme is disabled too, not only the first.
    [
      'https://ok.example/?next=https://evil.example',
      'hxxps://ok[.]example/?next=hxxps://evil[.]example',
    ],
    [
      'https://ok.example/go?to=ftp://evil.example&or=smb://evil.example',
      'hxxps://ok[.]example/go?to=fxp://evil[.]example&or=smb[:]//evil[.]example',
    ],
    ['ok.example/?next=http://evil.example', 'ok[.]example/?next=hxxp://evil[.]example'],
    [
      'https://ok.example/?r=mailto:ceo@evil.example',
      'hxxps://ok[.]example/?r=mailto[:]ceo@evil[.]example',
    ],
    [
      'https://evil.example.https://evil.example',
      'hxxps://evil[.]example[.]https[:]//evil[.]example',
    ],
    // A scheme glued to text: another scheme, or this one after punctuation.
    ['xhttps://evil.example', 'xhttps[:]//evil[.]example'],
    ['Visit:https://evil.example', 'Visit:hxxps://evil[.]example'],
    ['(https://evil.example)', '(hxxps://evil[.]example)'],
    ['git+https://evil.example', 'git+https[:]//evil[.]example'],
    // Upper and mixed case.
    ['HTTPS://EVIL.EXAMPLE', 'hxxps://EVIL[.]EXAMPLE'],
    ['HtTpS://EvIl.ExAmPlE/x', 'hxxps://EvIl[.]ExAmPlE/x'],
    ['WWW.EVIL.EXAMPLE', 'WWW[.]EVIL[.]EXAMPLE'],
    ['MAILTO:ceo@evil.example', 'mailto[:]ceo@evil[.]example'],
    // Bare hosts and www.
    ['evil.example/login', 'evil[.]example/login'],
    ['see www.evil.example now', 'see www[.]evil[.]example now'],
    // mailto: without an address a recogniser takes.
    ['mailto:ceo', 'mailto[:]ceo'],
    ['write to mailto:ceo@evil', 'write to mailto[:]ceo@evil'],
    // Slack's own link syntax: its brackets are Slack's to escape; the link inside is defanged.
    ['<https://evil.example|click>', '<hxxps://evil[.]example|click>'],
    // Dots a browser's host parser reads as a full stop.
    ['https://evil．example/x', 'hxxps://evil[．]example/x'],
    ['evil。example', 'evil[。]example'],
    ['evil｡example', 'evil[｡]example'],
    ['evil﹒example', 'evil[﹒]example'],
    ['evil․example', 'evil[․]example'],
    ['www。evil。example', 'www[。]evil[。]example'],
    // A top-level domain in fullwidth letters is the same domain.
    ['evil．ｃｏｍ/login', 'evil[．]ｃｏｍ/login'],
    ['ｈｔｔｐｓ://evil.example', 'ｈｔｔｐｓ[:]//evil[.]example'],
    // Letters that look like Latin ones: no link whatever the host is.
    ['https://еvil.example', 'hxxps://еvil[.]example'],
  ])('hostile %j -> %j', (text, expected) => {
    expect(defangLinks(text)).toBe(expected);
  });

  it.each(['@here', '@channel', '@everyone', '<!channel>'])(
    'leaves %j to the escaping of the place it is shown in (no link in it)',
    (text) => {
      expect(defangLinks(text)).toBe(text);
    },
  );

  it.each([
    'Ada Lovelace',
    'Northwind Finance & Insurance Ltd.',
    'We use Node.js and Next.js, e.g. for the console.',
    'Priority: 100+ AWS accounts, ASAP',
    '! Verified by the browser check.',
    'hxxps://evil[.]example',
  ])('leaves %j as it is', (text) => {
    expect(defangLinks(text)).toBe(text);
  });

  const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
  const host = fc
    .tuple(
      fc.array(label, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('com', 'io', 'dev', 'example', 'net', 'de'),
    )
    .map(([labels, tld]) => [...labels, tld].join('.'));

  it('property: no scheme survives in a link inside another link', () => {
    const scheme = fc.constantFrom('http', 'https', 'HTTPS', 'ftp', 'Http');
    const url = fc.tuple(scheme, host, fc.webPath()).map(([s, h, path]) => `${s}://${h}${path}`);
    fc.assert(
      fc.property(url, fc.constantFrom('?next=', '?u=', '#', '/', '&r=', ':'), url, (a, sep, b) => {
        const out = defangLinks(`${a}${sep}${b}`);
        expect(out).not.toMatch(/(?<![\p{L}\p{N}])(?:https?|ftp):\/\//iu);
        expect(out).not.toMatch(/[a-z0-9]\.(?:com|io|dev|example|net|de)(?![a-z0-9-])/i);
      }),
      { numRuns: 300 },
    );
  });

  it('property: no link with a scheme survives, and every host loses its dots', () => {
    const port = fc.option(
      fc.integer({ min: 1, max: 65_535 }).map((n) => `:${n}`),
      {
        nil: '',
      },
    );
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTPS', 'ftp', 'hxxps', 'smb'),
        host,
        port,
        fc.webPath(),
      )
      .map(([scheme, h, p, path]) => `${scheme}://${h}${p}${path}`);
    const bareHost = fc.tuple(host, port).map(([h, p]) => `${h}${p}`);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.oneof(url, bareHost),
        fc.string({ maxLength: 20 }),
        (before, link, after) => {
          const text = `${before} ${link} ${after}`;
          const out = defangLinks(text);
          expect(out).not.toMatch(/\b(?:https?|ftp):\/\//i);
          expect(out).not.toContain(link);
          // No host with its top-level domain left whole: what a client needs to link it.
          expect(out).not.toMatch(/[a-z0-9]\.(?:com|io|dev|example|net|de)(?![a-z0-9-])/i);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('inlineQuote and quoteLines', () => {
  it('puts a one-line value in quotation marks that only the system closes', () => {
    expect(inlineQuote('Acme')).toBe('“Acme”');
    expect(inlineQuote('Acme” · [Priority] “x')).toBe('“Acme" · [Priority] "x”');
  });

  it('quotes every line, blank ones too', () => {
    expect(quoteLines('one\r\n\ntwo\u2028three')).toEqual(['> one', '>', '> two', '> three']);
  });
});
