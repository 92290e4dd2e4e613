import { createTheme } from '@mui/material';
import { queryStringOf, readStoredResult } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { fieldsFor, finalScoreOf, promptShape, scoreBreakdown } from '../../shared/analyses/result';
import { namedSegments, speakerColors } from '../../shared/analyses/speakers';
import {
  apiQuery,
  foldedFilterCount,
  hasFilters,
  readListView,
  viewParams,
  withFilters,
} from '../../shared/api/analysisListQuery';
import { scorecardFields, scorecardResult } from '../../test/analyses';
import { activeSegmentIndex } from './player';

describe('list view in the URL', () => {
  it('reads filters and paging, leaving defaults out of links', () => {
    const view = readListView(new URLSearchParams('status=failed&q=%20acme%20&page=2&score_max=0'));
    expect(view).toEqual({ page: 2, pageSize: 25, filters: { status: 'failed', q: 'acme', score_max: 0 } });
    expect(viewParams(view).toString()).toBe('page=2&status=failed&score_max=0&q=acme');
    expect(queryStringOf(apiQuery(view))).toBe('?page=2&page_size=25&status=failed&score_max=0&q=acme');
    expect(hasFilters(view.filters)).toBe(true);
  });

  it('keeps the knocked-out filter in the link and the API query; any other value means none', () => {
    const view = readListView(new URLSearchParams('knocked_out=true&status=completed'));
    expect(view.filters).toEqual({ status: 'completed', knocked_out: 'true' });
    expect(viewParams(view).toString()).toBe('status=completed&knocked_out=true');
    expect(queryStringOf(apiQuery(view))).toBe('?page=1&page_size=25&status=completed&knocked_out=true');
    expect(readListView(new URLSearchParams('knocked_out=1')).filters).toEqual({});
  });

  it("counts on a phone's Filters button every folded filter set, the version and knocked-out switch included", () => {
    const view = readListView(
      new URLSearchParams(
        'prompt_id=3&prompt_version=2&knocked_out=true&from=2026-01-01&to=2026-02-01&q=acme',
      ),
    );
    // The date range counts once; the search stays outside the fold.
    expect(foldedFilterCount(view.filters)).toBe(4);
  });

  it('goes back to page 1 on a filter change and drops cleared filters', () => {
    const view = readListView(new URLSearchParams('status=failed&page=4'));
    expect(withFilters(view, { status: undefined, department: 'Sales' })).toEqual({
      page: 1,
      pageSize: 25,
      filters: { department: 'Sales' },
    });
  });
});

// Stored results are read by the server into the detail's typed result (contracts readStoredResult).
describe('reading stored results', () => {
  it('parses the pipeline result and its evidence', () => {
    const parsed = readStoredResult(scorecardResult)!;
    expect(parsed.prompt).toEqual({ id: 3, name: 'Sales scorecard' });
    expect(parsed.evidence.Greeted).toEqual({
      justification: 'The rep said hello first.',
      quote: 'Hello, thanks for calling',
      timestamp: 0.5,
      unsure: false,
    });
    expect(parsed.evidence['Discovery.Budget']?.unsure).toBe(true);
    expect(parsed.score?.score).toBe(44.44);
  });

  it('takes a result without values as the values themselves', () => {
    expect(readStoredResult({ Summary: 'x' })?.values).toEqual({ Summary: 'x' });
    expect(readStoredResult(null)).toBeNull();
  });

  it('orders fields as the prompt does and adds undescribed values', () => {
    const fields = fieldsFor(scorecardFields.slice(0, 2), {
      Title: 't',
      Summary: 's',
      Extra: [1],
      Group: { A: 1.5 },
    });
    expect(fields.map((field) => [field.key, field.type])).toEqual([
      ['Summary', 'string'],
      ['Title', 'string'],
      ['Extra', 'array'],
      ['Group', 'object'],
    ]);
    expect(fields[3]!.content?.[0]).toMatchObject({ key: 'A', type: 'float' });
  });

  it('computes the final score from the prompt when the result has none stored', () => {
    const parsed = readStoredResult({ values: { ...scorecardResult.values } })!;
    const shape = promptShape({ finalScore: 'sum', content: scorecardFields, maxScore: null });
    expect(finalScoreOf(parsed, shape)).toMatchObject({ mode: 'sum', score: 4 });
  });

  it('tells where the base of a percentage came from', () => {
    expect(scoreBreakdown(scorecardResult.score).baseSource).toBe('maxScore');
    expect(scoreBreakdown({ ...scorecardResult.score, base: 8, score: 50 }).baseSource).toBe('fields');
  });
});

describe('current transcript line', () => {
  const segments = [
    { start: 0, end: 2, text: 'a', speaker: null },
    { start: 2, end: 5, text: 'b', speaker: null },
    { start: 8, end: 9, text: 'c', speaker: null },
  ];
  it('is the last line that has started', () => {
    expect(activeSegmentIndex(segments, 0)).toBe(0);
    expect(activeSegmentIndex(segments, 4.99)).toBe(1);
    expect(activeSegmentIndex(segments, 6)).toBe(1);
    expect(activeSegmentIndex(segments, 100)).toBe(2);
    expect(activeSegmentIndex([{ ...segments[0]!, start: 1 }], 0.5)).toBe(-1);
  });
});

describe('speakers by role', () => {
  const theme = createTheme();
  const { primary, secondary, success, warning } = theme.palette;

  it('gives the representative and the customer their own colours, whoever speaks first', () => {
    const roles = { 'Speaker B': 'representative', 'Speaker A': 'customer', IVR: 'other' } as const;
    const colors = speakerColors(['IVR', 'Speaker A', 'Speaker C', 'Speaker B'], theme, roles);
    expect(Object.fromEntries(colors)).toEqual({
      IVR: success.main,
      'Speaker A': secondary.main,
      'Speaker C': warning.main,
      'Speaker B': primary.main,
    });
    // Without roles: first seen, first colour.
    expect(speakerColors(['Speaker B', 'Speaker A'], theme, null).get('Speaker B')).toBe(primary.main);
  });

  it('names the exported segments as the transcript does', () => {
    const naming = { roles: null, nameOf: (label: string) => (label === 'Channel 1' ? 'Alice' : label) };
    const segments = [
      { start: 0, end: 1, text: 'Hi', speaker: 'Channel 1' },
      { start: 1, end: 2, text: 'Hello', speaker: null },
    ];
    expect(namedSegments(segments, naming).map((segment) => segment.speaker)).toEqual(['Alice', null]);
  });
});
