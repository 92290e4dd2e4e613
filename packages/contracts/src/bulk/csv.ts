/** Small CSV rules shared by the bulk upload, the blacklist import and export (server and web). */

export type CsvSeparator = ',' | ';';

/**
 * The separator of a CSV file from its header line: ';' (what spreadsheet programs write in locales with a
 * decimal comma) when the line has more semicolons than commas outside quotes, else ','.
 */
export function detectCsvSeparator(headerLine: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
    else if (char === '\n' || char === '\r') break;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Characters that make a spreadsheet program read a cell as a formula (or break its row): OWASP's list,
 * plus the full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets in East Asian
 * locales take as their ASCII forms.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell. `guardFormulas` (for files people open in a spreadsheet) puts a ' before a value that
 * starts with = + - @ (ASCII or full-width), a tab or a carriage return, so that it is shown as text and
 * never run as a formula.
 * Values with the separator, a quote or a line break are quoted.
 */
export function csvCell(
  value: string | number | null | undefined,
  options: { guardFormulas?: boolean } = {},
) {
  let text = value === null || value === undefined ? '' : String(value);
  if (options.guardFormulas && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV line (CRLF-terminated, as RFC 4180 asks) with every cell formula-guarded. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map((cell) => csvCell(cell, { guardFormulas: true })).join(',')}\r\n`;
}

/** A CSV line of data: text formula-guarded, numbers as they are (a negative number is no formula). */
export function csvDataLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  const line = cells.map((cell) =>
    typeof cell === 'number' ? csvCell(cell) : csvCell(cell, { guardFormulas: true }),
  );
  return `${line.join(',')}\r\n`;
}

/** Header names compare trimmed, case-insensitively, without a byte order mark. */
export function csvHeaderKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}
