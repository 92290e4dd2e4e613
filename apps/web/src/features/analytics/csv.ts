import { csvDataLine } from '@parley/contracts';
import { downloadFile } from '../../shared/utils/download';

export type CsvValue = string | number | null | undefined;

/**
 * A CSV file of rows (the first the header). Text cells are guarded against spreadsheet formulas (a leading
 * '); numbers stay numbers (a negative mean is no formula). A byte order mark lets spreadsheet programs read
 * UTF-8 names right.
 */
export function toCsv(rows: CsvValue[][]): string {
  return `\uFEFF${rows.map(csvDataLine).join('')}`;
}

export function downloadCsv(fileName: string, rows: CsvValue[][]): void {
  downloadFile(fileName, toCsv(rows), 'text/csv;charset=utf-8');
}

/** A number for a CSV cell: rounded, null stays empty. */
export const csvNumber = (value: number | null | undefined, digits = 2): number | null =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));

/** A share 0..1 as a percentage number for a CSV cell (45.7). */
export const csvPercent = (share: number | null | undefined): number | null =>
  share === null || share === undefined ? null : Number((share * 100).toFixed(1));
