/**
 * CSV for people who open it in a spreadsheet: RFC 4180 quoting, and no cell that a
 * spreadsheet would run as a formula. Visitors type these values, so a lead whose company is
 * `=HYPERLINK("http://evil","Click")` must reach sales as text, not as a live formula.
 */

// OWASP's list (CSV injection): = + - @, tab and carriage return. The full-width forms are
// included because some spreadsheet locales read them as their ASCII counterparts.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// Spreadsheets skip leading blanks before deciding a cell is a formula.
const FORMULA_AFTER_BLANKS = /^\s+[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cell prefixed with `'` when a spreadsheet would otherwise read it as a formula. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) || FORMULA_AFTER_BLANKS.test(cell) ? `'${cell}` : cell;
}

/** One field per RFC 4180: quoted when it holds a comma, a quote, CR or LF; quotes doubled. */
export function quoteCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** A stored value as one cell's text: lists joined with "; ", nothing as an empty cell. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Rows as CSV text: every cell neutralised, then quoted; CRLF after every record. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows
    .map((row) => `${row.map((v) => quoteCsvField(neutraliseFormula(cellText(v)))).join(',')}\r\n`)
    .join('');
}
