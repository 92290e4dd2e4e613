import { describe, expect, it } from 'vitest';
import type { PromptField } from '../prompts/schema.ts';
import {
  ANALYSIS_EXPORT_COLUMNS,
  type AnalysisExportRow,
  analysisExportCsvLine,
  analysisExportFileName,
  flattenResultValues,
  resultFieldPaths,
} from './export.ts';

const field = (key: string, type: PromptField['type'], content?: PromptField[]): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...(content ? { content } : {}),
});

const row = Object.fromEntries(ANALYSIS_EXPORT_COLUMNS.map((column) => [column, null])) as AnalysisExportRow;

describe('the analyses export rules', () => {
  it('names result columns by dotted path in the prompt’s order, without the final score', () => {
    const content = [
      field('Summary', 'string'),
      field('Discovery', 'object', [field('Budget', 'bool'), field('Deep', 'object', [field('One', 'int')])]),
      field('Final Score', 'float'),
    ];
    expect(resultFieldPaths(content)).toEqual(['Summary', 'Discovery.Budget', 'Discovery.Deep.One']);
  });

  it('flattens an answer by the same paths', () => {
    expect(
      flattenResultValues({ Summary: 'x', Discovery: { Budget: false, Deep: { One: 3 } }, 'Final Score': 9 }),
    ).toEqual({ Summary: 'x', 'Discovery.Budget': false, 'Discovery.Deep.One': 3 });
  });

  it('writes lists joined, booleans as words, negative numbers unguarded and formulas guarded', () => {
    const line = analysisExportCsvLine(
      { ...row, id: 1, title: '+cmd', final_score: -2 },
      { A: ['a', '=b'], B: true, C: -1, D: '-1', E: [{ x: 1 }] },
      ['A', 'B', 'C', 'D', 'E', 'F'],
    );
    expect(line).toBe(`1,,,'+cmd,,,,,,-2,,,,,"a; =b",true,-1,'-1,"[{""x"":1}]",\r\n`);
  });

  it('names the file by project and UTC time', () => {
    expect(analysisExportFileName(7, new Date('2026-11-30T08:05:09.123Z'), 'jsonl')).toBe(
      'analyses-project-7-20261130-080509.jsonl',
    );
  });
});
