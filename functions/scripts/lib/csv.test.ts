import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, neutraliseFormula, quoteCsvField, toCsv } from './csv.ts';
import { readCsv } from './read-csv.ts';

describe('quoteCsvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line 1\nline 2', '"line 1\nline 2"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['crlf\r\nend', '"crlf\r\nend"'],
  ])('%j -> %j', (input, expected) => {
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
    '\t=1',
    '\r=1',
    '  =1+1',
    '\u00a0+1',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
  ])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each([
    'Ada Lovelace',
    'ada@example.com',
    'a=b',
    '1-2',
    '2026-11-23T10:00:00.000Z',
    "'already quoted",
    '',
    'Zürich',
  ])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
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

describe('toCsv', () => {
  it('ends every record with CRLF, quotes after neutralising', () => {
    const csv = toCsv([
      ['name', 'company', 'interests'],
      ['Ada', '=HYPERLINK("http://evil.example","x")', ['reseller', 'mssp']],
      ['Bob, Jr.', '-1', null],
    ]);
    expect(csv).toBe(
      'name,company,interests\r\n' +
        `Ada,"'=HYPERLINK(""http://evil.example"",""x"")",reseller; mssp\r\n` +
        `"Bob, Jr.",'-1,\r\n`,
    );
  });

  it('reads back as the same cells, and no cell reads as a formula', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 5 }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          const parsed = readCsv(toCsv(rows));
          expect(parsed).toEqual(rows.map((row) => row.map(neutraliseFormula)));
          for (const cell of parsed.flat()) {
            expect(cell).not.toMatch(/^[=+\-@\t\r]/);
            expect(cell).not.toMatch(/^\s+[=+\-@]/);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads back cells full of the characters that need quoting', () => {
    const tricky = fc.string({
      unit: fc.constantFrom('"', ',', '\r', '\n', '=', '+', '-', '@', '\t', ' ', 'a', 'é'),
      maxLength: 10,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(tricky, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          expect(readCsv(toCsv(rows))).toEqual(rows.map((row) => row.map(neutraliseFormula)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
