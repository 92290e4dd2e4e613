import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, detectCsvSeparator } from './csv.ts';
import {
  applyPromptMetadata,
  BULK_CSV_TEMPLATE,
  BULK_TEXTS,
  batchProgress,
  batchStatusColor,
  batchStatusFromCounts,
  bulkTaskMetadata,
  isBatchActive,
  isBulkUrl,
  parseBulkDate,
  readBulkHeader,
  readBulkRow,
} from './rules.ts';

const header = (cells: string[]) => {
  const read = readBulkHeader(cells);
  if (!read.header) throw new Error(JSON.stringify(read.errors));
  return read.header;
};

describe('bulk CSV header', () => {
  it('needs url and type (any case, trimmed, BOM dropped); date is optional; the rest is metadata', () => {
    const h = header(['\uFEFFURL', ' Type ', 'date', 'Representative', 'department', '']);
    expect(h).toMatchObject({ url: 0, type: 1, date: 2 });
    expect(h.metadata).toEqual([
      { index: 3, name: 'Representative' },
      { index: 4, name: 'department' },
    ]);
    expect(header(['type', 'url']).date).toBeNull();
  });

  it('names the missing and the repeated columns', () => {
    expect(readBulkHeader(['link', 'date'])).toEqual({
      header: null,
      errors: [
        { row: 1, column: 'url', message: BULK_TEXTS.missingColumn('url') },
        { row: 1, column: 'type', message: BULK_TEXTS.missingColumn('type') },
      ],
    });
    expect(readBulkHeader(['url', 'type', 'URL']).errors).toEqual([
      { row: 1, column: 'URL', message: BULK_TEXTS.duplicateColumn('URL') },
    ]);
  });

  it('the template has the spec columns and a valid example row', () => {
    const [head, example] = BULK_CSV_TEMPLATE.trim().split('\r\n');
    expect(head).toBe('url,type,date,representative,department');
    const row = readBulkRow(example!.split(','), header(head!.split(',')), 2);
    expect(row.errors).toEqual([]);
    expect(row.item).toMatchObject({ type: 'call', date: '2026-01-15' });
  });
});

describe('bulk CSV rows', () => {
  const h = header(['url', 'type', 'date', 'representative', 'department']);

  it('reads a row: values trimmed, metadata by header name, blank metadata left out', () => {
    expect(readBulkRow([' https://a.example/x.mp3 ', 'call', '', 'Ann', ''], h, 2)).toEqual({
      empty: false,
      errors: [],
      item: {
        row: 2,
        url: 'https://a.example/x.mp3',
        type: 'call',
        date: null,
        metadata: { representative: 'Ann' },
      },
    });
  });

  it('skips empty rows, also rows of separators only', () => {
    expect(readBulkRow([''], h, 3).empty).toBe(true);
    expect(readBulkRow(['', ' ', '', '', ''], h, 3).empty).toBe(true);
  });

  it('reports every problem with its row and column', () => {
    const result = readBulkRow(['', '', '31/02/2026', 'x'.repeat(1001)], h, 7);
    expect(result.item).toBeNull();
    expect(result.errors).toEqual([
      { row: 7, column: 'url', message: 'url is required.' },
      { row: 7, column: 'type', message: 'type is required.' },
      { row: 7, column: 'date', message: BULK_TEXTS.date },
      { row: 7, column: 'representative', message: BULK_TEXTS.tooLong(1000) },
    ]);
    expect(readBulkRow(['ftp://a.example/x', 'call'], h, 2).errors).toEqual([
      { row: 2, column: 'url', message: BULK_TEXTS.url },
    ]);
  });

  it('flags cells with bytes that were not UTF-8, and values in unnamed columns', () => {
    expect(readBulkRow(['https://a.example/x', 'call', '', 'Jos\uFFFD'], h, 4).errors).toEqual([
      { row: 4, column: 'representative', message: BULK_TEXTS.notUtf8 },
    ]);
    const withBlank = header(['url', '', 'type']);
    expect(readBulkRow(['https://a.example/x', 'stray', 'call'], withBlank, 2).errors).toEqual([
      { row: 2, column: 'column 2', message: BULK_TEXTS.unnamedColumn },
    ]);
  });

  it('keeps formula-looking values as text', () => {
    const result = readBulkRow(['https://a.example/x', 'call', '', '=HYPERLINK("x")', '+1-555'], h, 2);
    expect(result.item?.metadata).toEqual({ representative: '=HYPERLINK("x")', department: '+1-555' });
  });

  it('accepts http(s) links and hosts without a scheme', () => {
    for (const url of [
      'https://cdn.example.com/a.mp3?x=1',
      'http://127.0.0.1:8080/a.wav',
      'example.com/a',
      'http://[::1]/a',
    ]) {
      expect({ url, ok: isBulkUrl(url) }).toEqual({ url, ok: true });
    }
    for (const url of ['ftp://example.com/a', 'javascript:alert(1)', 'not a url', 'not-a-url', 'https://']) {
      expect({ url, ok: isBulkUrl(url) }).toEqual({ url, ok: false });
    }
  });

  it('parses dates and date-times, refusing impossible ones', () => {
    expect(parseBulkDate('2026-01-15')).toBe('2026-01-15');
    expect(parseBulkDate('2024-02-29')).toBe('2024-02-29');
    expect(parseBulkDate('2026-01-15 09:30')).toBe('2026-01-15T09:30:00');
    expect(parseBulkDate('2026-01-15T09:30:15.250Z')).toBe('2026-01-15T09:30:15Z');
    expect(parseBulkDate('2026-01-15T09:30:15+0200')).toBe('2026-01-15T09:30:15+02:00');
    for (const bad of ['2026-02-29', '2026-13-01', '2026-01-15 24:00', '15.01.2026', '01/15/2026', 'soon']) {
      expect({ bad, parsed: parseBulkDate(bad) }).toEqual({ bad, parsed: null });
    }
  });

  it("checks the prompt's required metadata against the columns, case-insensitively, and renames them", () => {
    const rows = [
      readBulkRow(['https://a.example/1', 'call', '', 'Ann', 'Sales'], h, 2).item!,
      readBulkRow(['https://a.example/2', 'call', '', '', 'Sales'], h, 3).item!,
    ];
    const result = applyPromptMetadata(h, rows, ['Department', 'Representative']);
    expect(result.errors).toEqual([
      { row: 3, column: 'representative', message: BULK_TEXTS.promptValue('Representative') },
    ]);
    expect(result.rows[0]!.metadata).toEqual({ Representative: 'Ann', Department: 'Sales' });
    expect(applyPromptMetadata(header(['url', 'type']), [], ['Department']).errors).toEqual([
      { row: 1, column: 'Department', message: BULK_TEXTS.promptColumn('Department') },
    ]);
    expect(bulkTaskMetadata({ type: 'call', date: '2026-01-15', metadata: { A: 'b' } })).toEqual({
      A: 'b',
      type: 'call',
      date: '2026-01-15',
    });
  });
});

describe('CSV helpers', () => {
  it('detects ; or , from the header line, ignoring quoted separators', () => {
    expect(detectCsvSeparator('url,type,date')).toBe(',');
    expect(detectCsvSeparator('url;type;date')).toBe(';');
    expect(detectCsvSeparator('"a,b,c";type')).toBe(';');
    expect(detectCsvSeparator('url')).toBe(',');
  });

  it("guards formula cells with a ' and quotes what needs it", () => {
    expect(csvCell('+15551234567', { guardFormulas: true })).toBe("'+15551234567");
    for (const start of ['=', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}x`, { guardFormulas: true }).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('say "hi", bye')).toBe('"say ""hi"", bye"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['=1+2', 'a;b', 'plain'])).toBe(`'=1+2,"a;b",plain\r\n`);
  });

  it('guards the full-width ＝ ＋ － ＠ too (spreadsheets read them as = + - @)', () => {
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      expect(csvCell(`${start}SUM(A1:A9)`, { guardFormulas: true })).toBe(`'${start}SUM(A1:A9)`);
    }
    expect(csvLine(['＝1＋2', 'ok＝'])).toBe("'＝1＋2,ok＝\r\n");
  });
});

describe('batches', () => {
  it('moves pending -> processing -> completed | partially_completed | failed', () => {
    expect(batchStatusFromCounts({ total: 3, pending: 3, processed: 0, failed: 0 })).toBe('pending');
    expect(batchStatusFromCounts({ total: 3, pending: 1, processed: 1, failed: 0 })).toBe('processing');
    expect(batchStatusFromCounts({ total: 3, pending: 0, processed: 2, failed: 0 })).toBe('processing');
    expect(batchStatusFromCounts({ total: 3, pending: 0, processed: 3, failed: 0 })).toBe('completed');
    expect(batchStatusFromCounts({ total: 3, pending: 0, processed: 2, failed: 1 })).toBe(
      'partially_completed',
    );
    expect(batchStatusFromCounts({ total: 3, pending: 0, processed: 0, failed: 3 })).toBe('failed');
  });

  it('progress, badge colours and polling follow spec 1 §4', () => {
    expect(batchProgress({ total_items: 4, processed_items: 1, failed_items: 0 })).toEqual({
      percent: 25,
      color: 'primary',
    });
    expect(batchProgress({ total_items: 3, processed_items: 1, failed_items: 1 })).toEqual({
      percent: 67,
      color: 'warning',
    });
    expect(batchProgress({ total_items: 0, processed_items: 0, failed_items: 0 }).percent).toBe(0);
    expect(batchStatusColor('completed')).toBe('success');
    expect(batchStatusColor('partially_completed')).toBe('warning');
    expect(batchStatusColor('failed')).toBe('error');
    expect(batchStatusColor('processing')).toBe('primary');
    expect(batchStatusColor('pending')).toBe('default');
    expect(batchStatusColor('archived')).toBeNull();
    expect(isBatchActive('pending') && isBatchActive('processing')).toBe(true);
    expect(isBatchActive('completed')).toBe(false);
  });
});
