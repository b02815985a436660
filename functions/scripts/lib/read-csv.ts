const BOM = '\uFEFF';

/**
 * An RFC 4180 reader for the tests: written apart from the writer, so a test of the CSV does
 * not trust the code it checks. Strict: the text starts with a UTF-8 byte order mark and
 * every record ends with CRLF.
 */
export function readCsv(withBom: string): string[][] {
  if (!withBom.startsWith(BOM)) throw new Error('no UTF-8 byte order mark at the start');
  const text = withBom.slice(BOM.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          field += text[i];
          i += 1;
        }
      }
    } else if (text[i] === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      field += text[i];
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('last record not terminated by CRLF');
  return rows;
}

/**
 * The cells a spreadsheet sees when it opens the text with `separator` as its list separator,
 * read as leniently as Excel does: a double quote opens a quoted part only at the start of a
 * cell; after its closing quote the text up to the next separator joins the same cell; a
 * quote anywhere else is a character; CR, LF or CRLF outside quotes ends a row.
 */
export function readAsSpreadsheet(withBom: string, separator: ',' | ';' | '\t'): string[][] {
  const text = withBom.startsWith(BOM) ? withBom.slice(BOM.length) : withBom;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let atCellStart = true;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atCellStart = true;
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    if (atCellStart && c === '"') {
      atCellStart = false;
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          cell += text[i];
          i += 1;
        }
      }
    } else if (c === separator) {
      endCell();
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      atCellStart = false;
      cell += c;
      i += 1;
    }
  }
  if (cell !== '' || row.length > 0) endCell();
  if (row.length > 0) rows.push(row);
  return rows;
}
