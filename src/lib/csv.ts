/**
 * CSV for spreadsheets: RFC 4180 (CRLF rows, fields with a comma, quote or line break quoted,
 * quotes doubled), UTF-8 with a byte-order mark so Excel reads accents, and text cells that a
 * spreadsheet would run as a formula (= + - @, tab, carriage return first) neutralised with a
 * leading apostrophe (OWASP "CSV injection"). Numbers are written as numbers.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function csvBlob(csv: string): Blob {
  return new Blob([csv], { type: 'text/csv;charset=utf-8' });
}
