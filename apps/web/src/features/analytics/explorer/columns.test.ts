import type { AnalyticsField, ExplorerGroupRow } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { valueColumns } from './columns';

const en = i18n.getFixedT('en');

const row = (key: string | null, extra: Partial<ExplorerGroupRow>): ExplorerGroupRow => ({
  key,
  start: null,
  end: null,
  count: 0,
  average: null,
  min: null,
  max: null,
  passed: 0,
  missed: 0,
  na: 0,
  values: [],
  ...extra,
});

const budget: AnalyticsField = { path: 'Budget', label: 'Budget', type: 'bool', max: 1, count: 3 };

describe('explorer columns', () => {
  it('add a Knockouts column when the range has knockouts, per group and in the CSV', () => {
    const total = row(null, { count: 3, passed: 1, missed: 2, knockouts: 2 });
    const columns = valueColumns(budget, total, en, 'en');
    expect(columns.map((column) => column.header)).toEqual([
      'Analyses',
      'Passed',
      'Missed',
      'N/A',
      'Pass rate',
      'Knockouts',
    ]);
    const knockouts = columns.at(-1)!;
    const ann = row('Ann', { count: 2, missed: 2, knockouts: 2 });
    expect([knockouts.text(ann), knockouts.csv(ann)]).toEqual(['2', 2]);
    // An older server's answer without the count reads as none.
    expect(knockouts.text(row('Bob', { count: 1, passed: 1 }))).toBe('0');
  });

  it('show no Knockouts column without knockouts', () => {
    const total = row(null, { count: 3, passed: 3, knockouts: 0 });
    expect(valueColumns(budget, total, en, 'en').map((column) => column.id)).not.toContain('knockouts');
  });
});
