import type { InsightAnswer, InsightCitation, InsightFilters } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { type AnswerReferences, insightPrompt, sanitizeAnswer } from './ask.ts';

const refs: AnswerReferences = {
  analysisIds: new Set([11, 12, 13]),
  moments: new Map([
    ['11:4', 73.5],
    ['12:0', null],
  ]),
  representatives: ['Alice', 'Bob'],
  departments: ['Sales'],
  fields: new Map([
    ['Final Score', 'final'],
    ['Discovery.Budget', 'ok'],
    ['Tone', 'marks'],
  ]),
};

const citation = (change: Partial<InsightCitation>): InsightCitation => ({
  label: 'Example',
  analysis_ids: [],
  representative: null,
  department: null,
  field: null,
  field_outcome: null,
  moments: [],
  ...change,
});

const withCitations = (...citations: InsightCitation[]): InsightAnswer => ({
  summary: 'Short answer.',
  findings: [
    { title: 'Finding', detail: 'Detail.', figures: [{ label: 'Mean of Tone', value: '1.8' }], citations },
  ],
  actions: [{ title: 'Act', detail: 'Do it.' }],
});

const cleaned = (...citations: InsightCitation[]) =>
  sanitizeAnswer(withCitations(...citations), refs).findings[0]!.citations;

describe('the model answer as kept', () => {
  it('cites only analyses the model was shown, each once', () => {
    expect(cleaned(citation({ analysis_ids: [13, 99, 11, 13, -1] }))[0]!.analysis_ids).toEqual([13, 11]);
  });

  it('keeps representatives and departments of the data, spelt as there; others become null', () => {
    const [known, unknown] = cleaned(
      citation({ representative: ' alice ', department: 'SALES' }),
      citation({ representative: 'Carol', department: 'Marketing' }),
    );
    expect([known!.representative, known!.department]).toEqual(['Alice', 'Sales']);
    expect([unknown!.representative, unknown!.department]).toEqual([null, null]);
  });

  it('reads a field written dotted, quoted or as shown; an outcome only for a yes/no item', () => {
    const fields = cleaned(
      citation({ field: 'Discovery.Budget', field_outcome: 'missed' }),
      citation({ field: '"Discovery"."Budget"', field_outcome: 'passed' }),
      citation({ field: 'discovery - budget', field_outcome: 'na' }),
      citation({ field: 'Tone', field_outcome: 'missed' }),
      citation({ field: 'Summary', field_outcome: 'missed' }),
    ).map((c) => [c.field, c.field_outcome]);
    expect(fields).toEqual([
      ['Discovery.Budget', 'missed'],
      ['Discovery.Budget', 'passed'],
      ['Discovery.Budget', 'na'],
      ['Tone', null],
      [null, null],
    ]);
  });

  it('cites only moments the model was shown, each once, at the time they were shown with', () => {
    const moments = cleaned(
      citation({
        moments: [
          { analysis_id: 11, segment: 4, seconds: 999 },
          { analysis_id: 11, segment: 5, seconds: 1 },
          { analysis_id: 13, segment: 4, seconds: 73.5 },
          { analysis_id: 11, segment: 4, seconds: 73.5 },
          { analysis_id: 12, segment: 0, seconds: 3 },
        ],
      }),
    )[0]!.moments;
    expect(moments).toEqual([
      { analysis_id: 11, segment: 4, seconds: 73.5 },
      { analysis_id: 12, segment: 0, seconds: null },
    ]);
  });

  it('leaves the texts, figures and actions as the model wrote them', () => {
    const answer = withCitations(citation({ analysis_ids: [12] }));
    expect(sanitizeAnswer(answer, refs)).toEqual(answer);
  });
});

describe('the question as the model reads it', () => {
  const filters: InsightFilters = {
    department: ['Sales'],
    representative: [],
    start_date: '2026-03-01',
    end_date: null,
    prompt_id: 3,
    prompt_name: 'Sales QA',
    analysis_fields: ['Tone'],
    search: null,
  };
  const data = {
    figures: { analyses: 1 } as never,
    sample: [
      {
        analysis_id: 11,
        date: '2026-03-02',
        representative: 'Alice',
        department: 'Sales',
        final_score: 80,
        fields: [],
        moments: [
          {
            tracker: 'Cancellation',
            segment: 4,
            seconds: 73.5,
            role: 'customer' as const,
            text: 'I want to cancel',
          },
        ],
      },
    ],
    search: null,
  };

  it('holds the question, the answer language, the filters, the figures and the sample in their sections', () => {
    const prompt = insightPrompt('Who is best?', filters, 'uk', data);
    expect(prompt).toBe(
      [
        '<question>\nWho is best?\n</question>',
        '<answer_language>\nУкраїнська (uk)\n</answer_language>',
        `<filters>\n${JSON.stringify(filters)}\n</filters>`,
        '<figures>\n{"analyses":1}\n</figures>',
        `<evidence_sample>\n${JSON.stringify(data.sample)}\n</evidence_sample>`,
      ].join('\n\n'),
    );
  });

  it('with a transcript search: the conversations it found, after the sample', () => {
    const found = [
      {
        analysis_id: 15,
        date: '2026-03-04T10:00:00.000Z',
        representative: 'Bob',
        department: null,
        moments: [{ segment: 2, seconds: 9, role: 'customer' as const, text: 'a refund please' }],
      },
    ];
    const prompt = insightPrompt('Why refunds?', { ...filters, search: 'refund' }, 'en', {
      ...data,
      search: found,
    });
    expect(
      prompt.endsWith(`<transcript_search phrase="refund">\n${JSON.stringify(found)}\n</transcript_search>`),
    ).toBe(true);
  });

  it("without the asker's language, the question's", () => {
    expect(insightPrompt('¿Quién?', filters, null, data)).toContain(
      '<answer_language>\nThe language of the question\n</answer_language>',
    );
  });
});
