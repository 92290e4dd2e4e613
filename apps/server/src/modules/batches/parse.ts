import {
  BULK_CSV,
  BULK_TEXTS,
  type BulkHeader,
  type BulkRow,
  type CsvRowError,
  readBulkHeader,
  readBulkRow,
} from '@parley/contracts';
import { CsvReadError, readCsv } from '../../csv.ts';
import { AppError } from '../../errors.ts';

/** A CSV refused as a whole: the answer is 400 invalid_csv with these problems. */
export class CsvRefused extends Error {
  override name = 'CsvRefused';
  readonly errors: CsvRowError[];

  constructor(errors: CsvRowError[]) {
    super(BULK_TEXTS.invalid(errors.length));
    this.errors = errors;
  }
}

export const EMPTY_CSV = 'The CSV file is empty; its first row must name the columns, at least url and type.';

export interface ParsedBulkCsv {
  header: BulkHeader;
  rows: BulkRow[];
  /** Problems of single rows (missing or invalid values); the header is fine when the parse returns. */
  errors: CsvRowError[];
}

/**
 * Reads a whole bulk CSV, streaming: the header (url and type required, date optional, the rest metadata),
 * then every row; empty rows are skipped. Problems of rows are collected, with their row and column.
 * Throws CsvRefused when the file cannot be used at all (header, unreadable, no rows) and 400 too_many_rows
 * as soon as it has more than BULK_CSV.maxRows rows.
 */
export async function parseBulkCsv(source: AsyncIterable<Buffer>): Promise<ParsedBulkCsv> {
  let header: BulkHeader | null = null;
  const rows: BulkRow[] = [];
  const errors: CsvRowError[] = [];
  let count = 0;
  try {
    for await (const { cells, row } of readCsv(source)) {
      if (!header) {
        const read = readBulkHeader(cells);
        if (!read.header) throw new CsvRefused(read.errors);
        header = read.header;
        continue;
      }
      const result = readBulkRow(cells, header, row);
      if (result.empty) continue;
      count += 1;
      if (count > BULK_CSV.maxRows) throw new AppError('invalid', 'too_many_rows', BULK_TEXTS.tooManyRows);
      if (result.item) rows.push(result.item);
      else errors.push(...result.errors);
    }
  } catch (error) {
    if (error instanceof CsvReadError) {
      throw new CsvRefused([...errors, { row: error.row, column: null, message: error.message }]);
    }
    throw error;
  }
  if (!header) throw new CsvRefused([{ row: 1, column: null, message: EMPTY_CSV }]);
  if (count === 0) throw new CsvRefused([{ row: 2, column: null, message: BULK_TEXTS.noRows }]);
  return { header, rows, errors };
}
