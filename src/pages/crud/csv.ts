/**
 * Comma-separated values as spreadsheets read them (RFC 4180): fields with a
 * comma, quote or line break are quoted, quotes doubled. A field that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is
 * prefixed with a quote mark, so an export never carries a live formula.
 */
export function toCsv<T>(rows: readonly T[], columns: readonly { header: string; value(row: T): string | number }[]): string {
  const line = (cells: readonly (string | number)[]) => cells.map(csvField).join(',');
  return [line(columns.map((c) => c.header)), ...rows.map((row) => line(columns.map((c) => c.value(row))))].join('\r\n') + '\r\n';
}

export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
