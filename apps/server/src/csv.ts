import { pipeline, Readable } from 'node:stream';
import { detectCsvSeparator } from '@parley/contracts';
import { CsvError, parse } from 'csv-parse';

/** A CSV file that cannot be read from `row` on (an unclosed quote, UTF-16 text ...). */
export class CsvReadError extends Error {
  override name = 'CsvReadError';
  readonly row: number;

  constructor(message: string, row: number) {
    super(message);
    this.row = row;
  }
}

/** The first bytes are read up to the first line break (or this many) to pick the separator. */
const HEAD_BYTES = 64 * 1024;
/** Longest record (all its fields) accepted; longer ones are a broken file rather than a recording list. */
const MAX_RECORD_CHARS = 1_000_000;

function readable(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted value is never closed (a " is missing)';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote inside a quoted value must be written twice ("")';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`;
    default:
      return error.message;
  }
}

export interface CsvRecord {
  /** The record's cells, as text (bytes that are not UTF-8 become U+FFFD). */
  cells: string[];
  /** Its number: the header is row 1, every record after it (empty ones too) counts, as in a spreadsheet. */
  row: number;
}

/**
 * Streams the records of a CSV file (csv-parse): a UTF-8 byte order mark is dropped, quoted fields may hold
 * separators, quotes ("") and line breaks, lines end in LF or CRLF, and the separator (',' or ';') is taken
 * from the header line. Rows may have fewer cells than the header. Errors of the source (e.g. a size limit)
 * pass through; an unreadable file throws CsvReadError with the row.
 */
export async function* readCsv(source: AsyncIterable<Buffer>): AsyncGenerator<CsvRecord> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    head.push(chunk);
    headSize += chunk.length;
    if (chunk.includes(0x0a)) break;
  }
  const first = Buffer.concat(head);
  if ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff)) {
    throw new CsvReadError('The file is UTF-16 text. Save it as "CSV UTF-8" and upload it again.', 1);
  }
  const separator = detectCsvSeparator(first.toString('utf8').replace(/^\uFEFF/, ''));
  async function* bytes() {
    yield first;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const parser = parse({
    bom: true,
    delimiter: separator,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  // pipeline (unlike pipe) hands an error of the source on to the parser, and so to the loop below.
  pipeline(Readable.from(bytes(), { objectMode: false }), parser, () => {});
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { cells, row };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // Records parsed but not yet handed out are counted by the parser.
      const at = Math.max(row, Number(error.records ?? 0)) + 1;
      throw new CsvReadError(`Row ${at}: the file cannot be read from here on: ${readable(error)}.`, at);
    }
    throw error;
  } finally {
    parser.destroy();
    await iterator.return?.();
  }
}
