/**
 * An RFC 4180 reader for the tests: written apart from the writer, so a test of the CSV does
 * not trust the code it checks. Strict: every record must end with CRLF.
 */
export function readCsv(text: string): string[][] {
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
