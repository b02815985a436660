import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  neutraliseFormula,
  quoteCsvField,
  toCsv,
  UTF8_BOM,
  unmarkFormulas,
} from './csv.ts';
import { readAsSpreadsheet, readCsv } from './read-csv.ts';

describe('quoteCsvField (RFC 4180)', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line 1\nline 2', '"line 1\nline 2"'],
    ['crlf\r\nend', '"crlf\r\nend"'],
  ])('%j -> %j: every field quoted', (input, expected) => {
    expect(quoteCsvField(input)).toBe(expected);
  });
});

describe('neutraliseFormula', () => {
  it.each([
    '=1+1',
    '=HYPERLINK("http://evil.example","Click")',
    '+44 20 7946 0958',
    '-2+3',
    '@SUM(A1:A2)',
    '\t1',
    '\r\n1',
    '  =1+1',
    '\u00a0+1',
    '"=1+1',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
    "'already quoted",
  ])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each([
    ["Ann ;=cmd|' /C calc'!A0;", "Ann ;'=cmd|' /C calc'!A0;"],
    [';=1+1;', ";'=1+1;"],
    ['Acme, -20% off', "Acme,' -20% off"],
    ['a\t@SUM(A1)', "a\t'@SUM(A1)"],
    ['a;"=1', `a;'"=1`],
    ['a;\t=1', "a;'\t'=1"],
    ['line\n- bullet', "line\n'- bullet"],
    ['line\r\n=1', "line\r\n'=1"],
    ['line\r=1', "line\r'=1"],
    ["it's;'x", "it's;''x"],
    ['\t=1', "'\t'=1"],
    ['\n=1', "'\n'=1"],
    ['\r=1', "'\r'=1"],
  ])('marks %j after each separator a locale may use', (cell, expected) => {
    expect(neutraliseFormula(cell)).toBe(expected);
  });

  it.each([
    'Ada Lovelace',
    'ada@example.com',
    'a=b',
    '1-2',
    'reseller; mssp',
    'Raman, Priya',
    '2026-11-23T10:00:00.000Z',
    "it's",
    '',
    'Zürich',
  ])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('is undone exactly by unmarkFormulas', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'=+-@\t\r\n,;"\' a\u00a0\uFF1D'),
      maxLength: 16,
    });
    fc.assert(
      fc.property(text, (cell) => {
        expect(unmarkFormulas(neutraliseFormula(cell))).toBe(cell);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cellText', () => {
  it('joins lists with "; " and leaves missing values empty', () => {
    expect(cellText(['reseller', 'mssp'])).toBe('reseller; mssp');
    expect(cellText([])).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(null)).toBe('');
  });

  it('writes booleans, numbers and objects as text', () => {
    expect(cellText(true)).toBe('true');
    expect(cellText(false)).toBe('false');
    expect(cellText(42)).toBe('42');
    expect(cellText({ value: true, label: 'I agree' })).toBe('{"value":true,"label":"I agree"}');
  });
});

/**
 * What a spreadsheet would run as a formula, past any blanks, tabs and line breaks it may
 * skip: OWASP lists tab, CR and LF for what they can put in front of a formula. A cell of
 * blanks alone is empty to every spreadsheet.
 */
const FORMULA = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Values an attacker would type: every trigger, every separator, quotes and blanks. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'=+-@\t\r\n,;"\' \u00a0\uFF1D\uFF0B'),
    fc.constantFrom('\r\n', 'cmd|', 'a', 'é', 'Zürich'),
  ),
  maxLength: 14,
});
const table = fc.array(fc.array(hostile, { minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 4,
});

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark, quotes every cell, ends every record with CRLF', () => {
    const csv = toCsv([
      ['name', 'company', 'interests'],
      ['Ada', '=HYPERLINK("http://evil.example","x")', ['reseller', 'mssp']],
      ['Bob, Jr.', '-1', null],
      ["Ann ;=cmd|' /C calc'!A0;", 'Zürich', 3],
    ]);
    expect(csv).toBe(
      `${UTF8_BOM}"name","company","interests"\r\n` +
        `"Ada","'=HYPERLINK(""http://evil.example"",""x"")","reseller; mssp"\r\n` +
        `"Bob, Jr.","'-1",""\r\n` +
        `"Ann ;'=cmd|' /C calc'!A0;","Zürich","3"\r\n`,
    );
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it.each([
    [',', 'a comma-separated locale'],
    [';', 'a semicolon locale (much of Europe)'],
    ['\t', 'a tab-separated import'],
  ] as const)('opened with %j as separator (%s), no cell starts a formula', (separator, _where) => {
    fc.assert(
      fc.property(table, (rows) => {
        for (const cell of readAsSpreadsheet(toCsv(rows), separator).flat()) {
          expect(cell).not.toMatch(FORMULA);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the attack of the semicolon locale, opened with ";": every cell is text', () => {
    const cells = readAsSpreadsheet(
      toCsv([['sub-1', "Ann ;=cmd|' /C calc'!A0;", ';=1+1;', '"x";"=2"']]),
      ';',
    ).flat();
    expect(cells.filter((cell) => cell.includes('cmd') || cell.includes('1+1'))).toEqual([
      "'=cmd|' /C calc'!A0",
      `'=1+1`,
    ]);
    for (const cell of cells) expect(cell).not.toMatch(FORMULA);
  });

  it('reads back as the same values for a reader that knows the rule', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const parsed = readCsv(toCsv(rows));
        expect(parsed).toEqual(rows.map((row) => row.map(neutraliseFormula)));
        expect(parsed.map((row) => row.map(unmarkFormulas))).toEqual(rows);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back graphemes of every kind', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 5 }),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const parsed = readCsv(toCsv(rows));
          expect(parsed.map((row) => row.map(unmarkFormulas))).toEqual(rows);
        },
      ),
      { numRuns: 500 },
    );
  });
});
