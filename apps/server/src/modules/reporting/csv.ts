// CSV as RFC 4180 describes it (CRLF line ends, a header row, fields with a comma, quote, CR or LF quoted,
// quotes doubled), made safe to open in a spreadsheet: a text cell starting with = + - @, a tab or a
// carriage return is prefixed with an apostrophe so it is never read as a formula (CSV injection).
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
