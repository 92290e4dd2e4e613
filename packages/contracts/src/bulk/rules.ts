import { csvHeaderKey } from './csv.ts';

/** Bulk upload (spec 1 §2.4, §3 Bulk CSV row, §4, §5): limits, CSV rules and batch progress. */
export const BULK_CSV = {
  /** Largest CSV accepted. */
  maxBytes: 20 * 1024 * 1024,
  /** Most data rows (empty rows are not counted). */
  maxRows: 10_000,
  requiredColumns: ['url', 'type'],
  optionalColumns: ['date'],
  /** The template's columns: the required and optional ones, and two metadata examples. */
  templateColumns: ['url', 'type', 'date', 'representative', 'department'],
  maxUrlLength: 2048,
  maxTypeLength: 100,
  /** Longest value of a metadata column. */
  maxValueLength: 1000,
  /** The error report lists at most this many problems (the message gives the total). */
  maxReportedErrors: 200,
  templateFileName: 'bulk-upload-template.csv',
} as const;

/** The template offered for download: the header and one example row. */
export const BULK_CSV_TEMPLATE =
  'url,type,date,representative,department\r\n' +
  'https://example.com/recordings/call-0001.mp3,call,2026-01-15,Jane Doe,Sales\r\n';

export const BULK_TEXTS = {
  csvOnly: 'Please choose a CSV file (its name must end in .csv).',
  fileMissing: 'Please choose a CSV file to upload.',
  tooLarge: `The CSV file is larger than ${BULK_CSV.maxBytes / (1024 * 1024)} MB. Split it into smaller files.`,
  tooManyRows: `The CSV file has more than ${BULK_CSV.maxRows.toLocaleString('en-US')} rows. Split it into files of at most ${BULK_CSV.maxRows.toLocaleString('en-US')} rows.`,
  noRows: 'The CSV file has no rows with recordings under its header.',
  invalid: (count: number) =>
    count === 1
      ? 'The CSV file has 1 problem; nothing was uploaded. Fix it and upload the file again.'
      : `The CSV file has ${count} problems; nothing was uploaded. Fix them and upload the file again.` +
        (count > BULK_CSV.maxReportedErrors ? ` The first ${BULK_CSV.maxReportedErrors} are listed.` : ''),
  missingColumn: (name: string) => `The required column "${name}" is missing from the header.`,
  duplicateColumn: (name: string) => `The column "${name}" appears more than once in the header.`,
  promptColumn: (name: string) =>
    `The chosen prompt requires the metadata "${name}": add a "${name}" column with a value in every row.`,
  required: (name: string) => `${name} is required.`,
  promptValue: (name: string) => `The chosen prompt requires "${name}"; this row has no value for it.`,
  url: 'Not a valid http(s) link.',
  urlTooLong: `The link is longer than ${BULK_CSV.maxUrlLength} characters.`,
  tooLong: (max: number) => `The value is longer than ${max} characters.`,
  date: 'Not a valid date; use YYYY-MM-DD, or YYYY-MM-DD HH:MM[:SS] with an optional time zone (Z, +02:00).',
  unnamedColumn: 'This row has a value in a column without a header name.',
  notUtf8:
    'The value contains bytes that are not UTF-8 text. Save the file as "CSV UTF-8" and upload it again.',
  uploaded: (count: number, id: number) =>
    `Batch #${id} created with ${count.toLocaleString('en-US')} row${count === 1 ? '' : 's'}; the recordings are downloaded and analysed in the background.`,
} as const;

/** A problem of a CSV file: the row (the header is row 1, as a spreadsheet shows it), the column and what is wrong. */
export interface CsvRowError {
  row: number;
  /** The column as the header names it; null when the problem is the row as a whole. */
  column: string | null;
  message: string;
}

/** Where the columns of a bulk CSV are. Columns with a blank name are ignored. */
export interface BulkHeader {
  url: number;
  type: number;
  date: number | null;
  /** Further columns: metadata names (as written in the header, trimmed) and their positions. */
  metadata: Array<{ index: number; name: string }>;
  /** Header names by position, as written (trimmed). */
  names: string[];
}

/** Reads the header row: url and type required, date optional, names unique; the rest is metadata. */
export function readBulkHeader(cells: readonly string[]): {
  header: BulkHeader | null;
  errors: CsvRowError[];
} {
  const errors: CsvRowError[] = [];
  const names = cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    if (!name) return;
    const key = csvHeaderKey(name);
    if (seen.has(key)) errors.push({ row: 1, column: name, message: BULK_TEXTS.duplicateColumn(name) });
    else seen.set(key, index);
  });
  for (const column of BULK_CSV.requiredColumns) {
    if (!seen.has(column)) errors.push({ row: 1, column, message: BULK_TEXTS.missingColumn(column) });
  }
  if (errors.length > 0) return { header: null, errors };
  const fixed = new Set<string>([...BULK_CSV.requiredColumns, ...BULK_CSV.optionalColumns]);
  const metadata = [...seen.entries()]
    .filter(([key]) => !fixed.has(key))
    .map(([, index]) => ({ index, name: names[index]! }))
    .sort((a, b) => a.index - b.index);
  return {
    header: {
      url: seen.get('url')!,
      type: seen.get('type')!,
      date: seen.get('date') ?? null,
      metadata,
      names,
    },
    errors,
  };
}

/** A valid data row of a bulk CSV. */
export interface BulkRow {
  row: number;
  url: string;
  type: string;
  /** Normalised: YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with the zone as given (Z or ±HH:MM). */
  date: string | null;
  /** The metadata columns' non-blank values by header name. */
  metadata: Record<string, string>;
}

const URL_PATTERN =
  /^(?:https?:\/\/)?(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * An http(s) link, or a host and path without a scheme (https is assumed, as on the single upload panel);
 * without a scheme the host must be a domain with a dot or an address in brackets, so that a word such as
 * 'not-a-url' is not taken for one.
 */
export function isBulkUrl(value: string): boolean {
  const text = value.trim();
  if (!URL_PATTERN.test(text)) return false;
  return /^https?:\/\//i.test(text) || /^(?:\[|[^/?#:]*\.)/.test(text);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return day <= days[month - 1]!;
}

/**
 * The optional date of a bulk row: YYYY-MM-DD, or a date and time (T or a space between, seconds and a zone
 * optional). Null when it is not such a date (or not a real day, e.g. 2026-02-30).
 */
export function parseBulkDate(value: string): string | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, y, m, d, hh, mm, ss, zone] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (!validDay(year, month, day)) return null;
  const date = `${y}-${m}-${d}`;
  if (hh === undefined) return date;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null;
  let offset = '';
  if (zone) {
    if (zone.toUpperCase() === 'Z') offset = 'Z';
    else {
      const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
      if (Number(z[2]) > 14 || Number(z[3]) > 59) return null;
      offset = `${z[1]}${z[2]}:${z[3]}`;
    }
  }
  return `${date}T${hh}:${mm}:${pad(Number(ss ?? 0))}${offset}`;
}

/** U+FFFD: what a decoder puts where bytes were not UTF-8. */
const REPLACEMENT = '\uFFFD';

/**
 * Reads one data row (row: its number, header = 1). `empty` rows (every cell blank) are skipped, not errors.
 * Every problem is reported with its column.
 */
export function readBulkRow(
  cells: readonly string[],
  header: BulkHeader,
  row: number,
): { empty: boolean; item: BulkRow | null; errors: CsvRowError[] } {
  if (cells.every((cell) => cell.trim() === '')) return { empty: true, item: null, errors: [] };
  const errors: CsvRowError[] = [];
  const value = (index: number) => (cells[index] ?? '').trim();
  const column = (index: number) => header.names[index] || `column ${index + 1}`;
  cells.forEach((cell, index) => {
    if (cell.includes(REPLACEMENT)) errors.push({ row, column: column(index), message: BULK_TEXTS.notUtf8 });
    else if (!header.names[index] && cell.trim() !== '')
      errors.push({ row, column: column(index), message: BULK_TEXTS.unnamedColumn });
  });
  const bad = new Set(errors.map((error) => error.column));
  const url = value(header.url);
  if (!bad.has(column(header.url))) {
    if (!url) errors.push({ row, column: column(header.url), message: BULK_TEXTS.required('url') });
    else if (url.length > BULK_CSV.maxUrlLength)
      errors.push({ row, column: column(header.url), message: BULK_TEXTS.urlTooLong });
    else if (!isBulkUrl(url)) errors.push({ row, column: column(header.url), message: BULK_TEXTS.url });
  }
  const type = value(header.type);
  if (!bad.has(column(header.type))) {
    if (!type) errors.push({ row, column: column(header.type), message: BULK_TEXTS.required('type') });
    else if (type.length > BULK_CSV.maxTypeLength)
      errors.push({ row, column: column(header.type), message: BULK_TEXTS.tooLong(BULK_CSV.maxTypeLength) });
  }
  let date: string | null = null;
  if (header.date !== null && value(header.date) && !bad.has(column(header.date))) {
    date = parseBulkDate(value(header.date));
    if (date === null) errors.push({ row, column: column(header.date), message: BULK_TEXTS.date });
  }
  const metadata: Record<string, string> = {};
  for (const { index, name } of header.metadata) {
    const text = value(index);
    if (!text || bad.has(name)) continue;
    if (text.length > BULK_CSV.maxValueLength) {
      errors.push({ row, column: name, message: BULK_TEXTS.tooLong(BULK_CSV.maxValueLength) });
    } else metadata[name] = text;
  }
  if (errors.length > 0) return { empty: false, item: null, errors };
  return { empty: false, item: { row, url, type, date, metadata }, errors };
}

/**
 * The metadata a prompt requires, against the CSV: each required name needs a column (matched
 * case-insensitively, e.g. "representative" for "Representative") and a value in every row. Returns the
 * errors and the rows' metadata renamed to the prompt's spelling.
 */
export function applyPromptMetadata(
  header: BulkHeader,
  rows: readonly BulkRow[],
  required: readonly string[],
): { rows: BulkRow[]; errors: CsvRowError[] } {
  const errors: CsvRowError[] = [];
  const renames = new Map<string, string>();
  for (const name of required) {
    const column = header.metadata.find((entry) => csvHeaderKey(entry.name) === csvHeaderKey(name));
    if (!column) errors.push({ row: 1, column: name, message: BULK_TEXTS.promptColumn(name) });
    else renames.set(column.name, name);
  }
  if (errors.length > 0) return { rows: [...rows], errors };
  const renamed = rows.map((row) => {
    const metadata: Record<string, string> = {};
    for (const [name, text] of Object.entries(row.metadata)) metadata[renames.get(name) ?? name] = text;
    for (const [column, name] of renames) {
      if (!metadata[name]?.trim())
        errors.push({ row: row.row, column, message: BULK_TEXTS.promptValue(name) });
    }
    return { ...row, metadata };
  });
  return { rows: renamed, errors };
}

/** The metadata an analysis of a bulk row gets: its metadata columns, plus type and date. */
export function bulkTaskMetadata(row: Pick<BulkRow, 'type' | 'date' | 'metadata'>): Record<string, string> {
  return { ...row.metadata, type: row.type, ...(row.date ? { date: row.date } : {}) };
}

// ---------- batches ----------

export const BATCH_STATUSES = [
  'pending',
  'processing',
  'completed',
  'partially_completed',
  'failed',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/**
 * An item (one CSV row): waiting for its download, downloading, its analysis task created, linked to the
 * existing analysis of the same file (duplicate), or failed (download refused or failed; the error says why).
 */
export const BATCH_ITEM_STATUSES = ['pending', 'downloading', 'task_created', 'duplicate', 'failed'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

/** Badge colours of spec 1 §4; any other status is shown as raw text (null). */
export function batchStatusColor(
  status: string,
): 'success' | 'warning' | 'error' | 'primary' | 'default' | null {
  switch (status) {
    case 'completed':
      return 'success';
    case 'partially_completed':
      return 'warning';
    case 'failed':
      return 'error';
    case 'processing':
      return 'primary';
    case 'pending':
      return 'default';
    default:
      return null;
  }
}

/** The list is polled while any batch is still working (spec 1 §4). */
export function isBatchActive(status: string): boolean {
  return status === 'pending' || status === 'processing';
}

/** Progress = (processed + failed) / total, in percent; the bar is the warning colour once anything failed. */
export function batchProgress(batch: {
  total_items: number;
  processed_items: number;
  failed_items: number;
}): {
  percent: number;
  color: 'primary' | 'warning';
} {
  const done = batch.processed_items + batch.failed_items;
  const percent = batch.total_items > 0 ? Math.min(100, Math.round((done / batch.total_items) * 100)) : 0;
  return { percent, color: batch.failed_items > 0 ? 'warning' : 'primary' };
}

export interface BatchCounts {
  total: number;
  /** Items not started yet. */
  pending: number;
  /** Items whose analysis completed or was skipped. */
  processed: number;
  /** Items that failed, or whose analysis failed. */
  failed: number;
}

/**
 * The batch's status from its items: pending until one starts, processing until every item is final, then
 * completed (nothing failed), failed (nothing processed) or partially_completed.
 */
export function batchStatusFromCounts(counts: BatchCounts): BatchStatus {
  if (counts.total > 0 && counts.processed + counts.failed >= counts.total) {
    if (counts.failed === 0) return 'completed';
    if (counts.processed === 0) return 'failed';
    return 'partially_completed';
  }
  return counts.pending >= counts.total ? 'pending' : 'processing';
}
