import { describe, expect, it } from 'vitest';
import { FieldContextQuery, InsightRequest } from './api.ts';
import {
  canSubmitInsight,
  collapseNames,
  defaultInsightFields,
  INSIGHT_LIMITS,
  INSIGHT_QUESTION_ROWS,
  INSIGHT_TEXTS,
  type InsightForm,
  insightFieldLabel,
  insightOptionNames,
  insightRequestOf,
  insightUnitsMilli,
  quoteFieldPath,
  suggestionLabel,
  unquoteFieldPath,
} from './rules.ts';

const form = (change: Partial<InsightForm> = {}): InsightForm => ({
  question: 'Who closes best?',
  departments: [],
  representatives: [],
  analysisFields: [],
  startDate: null,
  endDate: null,
  promptId: null,
  search: '',
  provider: null,
  model: null,
  ...change,
});

describe('the insight form (spec 2 §2.4, §9)', () => {
  it('has a question box of 5 to 10 rows, 5 values per field in the context panel, 10 for the model', () => {
    expect(INSIGHT_QUESTION_ROWS).toEqual({ min: 5, max: 10 });
    expect(INSIGHT_LIMITS.contextTopValues).toBe(5);
    expect(INSIGHT_LIMITS.promptTopValues).toBe(10);
  });

  it('cuts suggested questions at 50 characters', () => {
    const fifty = 'x'.repeat(50);
    expect(suggestionLabel(fifty)).toBe(fifty);
    expect(suggestionLabel(`${'y'.repeat(49)} and more`)).toBe(`${'y'.repeat(49)}…`);
    expect(suggestionLabel(`${'z'.repeat(50)}!`)).toBe(`${'z'.repeat(50)}…`);
  });

  it('disables submit while the question is empty', () => {
    expect(canSubmitInsight('')).toBe(false);
    expect(canSubmitInsight(' \n\t')).toBe(false);
    expect(canSubmitInsight(' Why? ')).toBe(true);
  });

  it('offers departments and representatives without the literal null and undefined, blanks or repeats', () => {
    expect(insightOptionNames(['Sales', 'null', ' undefined ', '', '  ', ' Support ', 'Sales'])).toEqual([
      'Sales',
      'Support',
    ]);
  });

  it("picks the default fields a prompt has, by a path's last part, case-insensitively, in the defaults' order", () => {
    const paths = [
      'Call.Clarity',
      'Greeting',
      'Quality',
      'Sales.roi demonstration',
      'Other.Clarity',
      'Empathy',
    ];
    expect(defaultInsightFields(paths)).toEqual([
      'Quality',
      'Empathy',
      'Call.Clarity',
      'Sales.roi demonstration',
    ]);
    expect(defaultInsightFields(['Greeting'])).toEqual([]);
  });

  it("shows a field's parts with ' - ' between them", () => {
    expect(insightFieldLabel('Discovery.Budget')).toBe('Discovery - Budget');
    expect(insightFieldLabel('Greeting')).toBe('Greeting');
  });
});

describe('analysis fields as sent (spec 2 §5: quoted, nested paths joined by dots)', () => {
  it('quotes each part and joins them by dots, and reads that back', () => {
    expect(quoteFieldPath('Discovery.Budget')).toBe('"Discovery"."Budget"');
    expect(quoteFieldPath('Greeting')).toBe('"Greeting"');
    expect(quoteFieldPath('Say "hi"')).toBe('"Say \\"hi\\""');
    for (const path of ['Discovery.Budget', 'Greeting', 'Say "hi"', 'A - B.C\\D']) {
      expect(unquoteFieldPath(quoteFieldPath(path))).toBe(path);
    }
  });

  it('takes a plain dotted path as it is (programs), and refuses broken quoting and empty parts', () => {
    expect(unquoteFieldPath(' Discovery.Budget ')).toBe('Discovery.Budget');
    expect(unquoteFieldPath('   ')).toBeNull();
    expect(unquoteFieldPath('"Discovery"."Budget')).toBeNull();
    expect(unquoteFieldPath('"Discovery"Budget"')).toBeNull();
    expect(unquoteFieldPath('"Discovery".')).toBeNull();
    expect(unquoteFieldPath('"Discovery".""')).toBeNull();
    expect(unquoteFieldPath('"bad \\q escape"')).toBeNull();
  });
});

describe('the request the form sends (spec 2 §3, §5)', () => {
  it('collapses one name to the value, drops none, keeps many', () => {
    expect(collapseNames([])).toBeUndefined();
    expect(collapseNames(['Sales'])).toBe('Sales');
    expect(collapseNames(['Sales', 'Support'])).toEqual(['Sales', 'Support']);
  });

  it('sends only what is set: the trimmed question, quoted fields, dates, prompt and model', () => {
    expect(insightRequestOf(form({ question: '  Who closes best?  ', search: '   ' }))).toEqual({
      question: 'Who closes best?',
      analysis_fields: [],
    });
    expect(insightRequestOf(form({ search: ' refund ' }))).toMatchObject({ search: 'refund' });
    expect(
      insightRequestOf(
        form({
          departments: ['Sales'],
          representatives: ['Alice', 'Bob'],
          analysisFields: ['Discovery.Budget', 'Greeting'],
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          promptId: 7,
          provider: 'anthropic',
          model: 'claude-sonnet-4-5-20250929',
        }),
      ),
    ).toEqual({
      question: 'Who closes best?',
      department: 'Sales',
      representative: ['Alice', 'Bob'],
      analysis_fields: ['"Discovery"."Budget"', '"Greeting"'],
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      prompt_id: 7,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
    });
  });

  it('prices an insight at 5 units times the model units', () => {
    expect(insightUnitsMilli(1)).toBe(5000);
    expect(insightUnitsMilli(1.2)).toBe(6000);
    expect(insightUnitsMilli(0.5)).toBe(2500);
    expect(insightUnitsMilli(3)).toBe(15_000);
  });
});

describe('the request as the server reads it', () => {
  it('reads one or many names as a list without repeats, and fields quoted or dotted as dotted paths', () => {
    const parsed = InsightRequest.parse({
      question: ' Why? ',
      department: 'Sales',
      representative: ['Alice', 'Bob', 'Alice'],
      analysis_fields: ['"Discovery"."Budget"', 'Tone'],
      prompt_id: '4',
    });
    expect(parsed).toEqual({
      question: 'Why?',
      department: ['Sales'],
      representative: ['Alice', 'Bob'],
      analysis_fields: ['Discovery.Budget', 'Tone'],
      prompt_id: 4,
    });
    expect(InsightRequest.parse({ question: 'Q' }).analysis_fields).toEqual([]);
  });

  it("sends the form's request through unchanged in meaning", () => {
    const request = insightRequestOf(form({ departments: ['Sales'], analysisFields: ['A.B'] }));
    expect(InsightRequest.parse(request)).toMatchObject({ department: ['Sales'], analysis_fields: ['A.B'] });
  });

  it('refuses an empty question, one too long, broken fields, too many fields and bad dates', () => {
    const issue = (body: object) =>
      InsightRequest.safeParse({ question: 'Q', ...body }).error?.issues[0]?.message;
    expect(issue({ question: '   ' })).toBe(INSIGHT_TEXTS.questionRequired);
    expect(issue({ question: 'x'.repeat(INSIGHT_LIMITS.questionMax + 1) })).toBeDefined();
    expect(issue({ question: 'x'.repeat(INSIGHT_LIMITS.questionMax) })).toBeUndefined();
    expect(issue({ analysis_fields: ['"Broken'] })).toBe('Not an analysis field: "Broken');
    expect(
      issue({ analysis_fields: Array.from({ length: INSIGHT_LIMITS.fields + 1 }, (_, n) => `F${n}`) }),
    ).toBeDefined();
    expect(issue({ start_date: '2026-02-30' })).toBeDefined();
    expect(issue({ department: [] })).toBeUndefined();
  });

  it('reads the field-context query: one field or repeated ones, names repeated or not', () => {
    expect(FieldContextQuery.parse({ field: '"Discovery"."Budget"' })).toEqual({
      field: ['Discovery.Budget'],
    });
    expect(
      FieldContextQuery.parse({
        field: ['Tone', 'Greeting'],
        department: 'Sales',
        representative: ['A', ' B '],
      }),
    ).toEqual({ field: ['Tone', 'Greeting'], department: ['Sales'], representative: ['A', 'B'] });
    expect(FieldContextQuery.safeParse({ field: [] }).success).toBe(false);
  });
});
