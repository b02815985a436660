/**
 * CSV for people who open it in a spreadsheet, whatever its locale: every cell quoted
 * (RFC 4180), a UTF-8 byte order mark so Excel reads accents, and no text that a spreadsheet
 * would run as a formula. Visitors type these values, so a lead whose company is
 * `=HYPERLINK("http://evil","Click")` must reach sales as text, not as a live formula.
 */

/** Excel reads a CSV without it in the system's legacy code page: "Zürich" as "ZÃ¼rich". */
export const UTF8_BOM = '\uFEFF';

/**
 * Where a spreadsheet may see a cell begin: the start of the value, and after any character
 * some locale or import reads as a separator. A comma-separated file opened where the list
 * separator is `;` (much of Europe) is split on `;` (and a quote inside a value can turn the
 * reader's quoting off), tab is the separator of pasted text, and a line break starts a row.
 */
// A CR before an LF is one line break with it: the row starts after the LF.
const CELL_START = '(?<=^|[,;\\t\\n]|\\r(?!\\n))';
// What follows that start before a spreadsheet decides: blanks (it skips them) and double
// quotes (one opens a quoted cell whose text comes next), never a separator.
const LEAD_IN = '(?:[^\\S\\t\\r\\n]|")*';
// OWASP's list (CSV injection): = + - @, tab, CR and LF; the full-width forms, which some
// spreadsheet locales read as their ASCII counterparts; and `'` itself, so that the mark
// stays reversible: a `'` that was there is marked too.
const TRIGGER = "[=+\\-@\\t\\r\\n\\uFF1D\\uFF0B\\uFF0D\\uFF20']";

const MARK = new RegExp(`${CELL_START}(?=${LEAD_IN}${TRIGGER})`, 'g');
const MARKED = new RegExp(`${CELL_START}'(?=${LEAD_IN}${TRIGGER})`, 'g');

/**
 * The text with a `'` put wherever a spreadsheet could see a cell begin with a formula: at
 * the start, and right after each `,` `;` tab, CR or LF, when what follows (past blanks and
 * double quotes) is a trigger or a `'`. `'` is the text prefix Excel and LibreOffice know;
 * `Ann ;=cmd|' /C calc'!A0;` becomes `Ann ;'=cmd|' /C calc'!A0;`. {@link unmarkFormulas}
 * undoes it exactly.
 */
export function neutraliseFormula(cell: string): string {
  return cell.replace(MARK, "'");
}

/** The value as it was before {@link neutraliseFormula}: for a reader that knows the rule. */
export function unmarkFormulas(cell: string): string {
  return cell.replace(MARKED, '');
}

/** One field per RFC 4180, quoted whatever it holds: quotes doubled. */
export function quoteCsvField(field: string): string {
  return `"${field.replaceAll('"', '""')}"`;
}

/** A stored value as one cell's text: lists joined with "; ", nothing as an empty cell. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Rows as CSV text: the byte order mark, then every cell neutralised and quoted, CRLF after
 * every record.
 */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return (
    UTF8_BOM +
    rows
      .map(
        (row) => `${row.map((v) => quoteCsvField(neutraliseFormula(cellText(v)))).join(',')}\r\n`,
      )
      .join('')
  );
}
