import {
  type AnalyticsValueType,
  CHECKLIST_TYPES,
  FINAL_SCORE_PATH,
  type InsightAnswer,
  type InsightCitation,
  type InsightFilters,
  type InsightMoment,
  LANGUAGE_NATIVE_NAMES,
  type UiLanguage,
  unquoteFieldPath,
} from '@parley/contracts';
import type { GatheredData } from './gather.ts';

/** What the model is asked, and what of its answer is kept. */

export const INSIGHT_INSTRUCTIONS = `You are an analyst of a team's recorded conversations (sales calls, support calls, chats). Each conversation was scored by an analysis prompt; you receive figures aggregated over the analyses that match the user's filters, and a sample of the newest of those analyses with short quotes. You never see the full transcripts.

Answer the user's question from these figures and quotes only. Never invent numbers, names, fields or analyses; when the figures cannot answer the question, say so in the summary.

How to read the figures:
- "final_score" is each analysis's overall score; "fields" are the fields of the analyses, each with its dotted path ("Discovery.Budget"), its type, its most frequent values with counts, and statistics overall, per representative, per department and per period (weeks or months, by their first day).
- Scores (types marks, int, float, final): mean, min and max over the analyses that have a score.
- Yes/no items (types bool, ok): passed, missed and not applicable answers; pass_rate_percent = passed / (passed + missed).
- Categories (types option, classification): the counts of their values.
- A representative or department of null was not recorded.
- "trackers" (when the project has them): each tracker's name, the analyses counted, how many of them hit it (a tracker is hit when the conversation says one of its words or phrases, or what its statement describes) and hit_rate_percent, overall, per representative and per department.

Moments: an analysis of the evidence sample lists under "moments" the first pieces of its transcript that hit a tracker: the piece's index ("segment"), its time in seconds from the start, the speaker's role and its text. When the user searched the transcripts for a phrase, <transcript_search> holds the newest conversations that say it (by analysis_id, with the pieces that hold the phrase as moments). These are the only words of the conversations you see.

Answer with:
- summary: a short, direct answer to the question (two to four sentences).
- findings: the key findings (at most six), most important first. Each has a title, a detail, the figures it rests on (label: which figure, e.g. "Pass rate of Discovery.Budget for Alice"; value: as in the figures, e.g. "42.5 %") and citations. A citation names example analyses by their analysis_id from the evidence sample or the transcript search (only ids present there), and the representative, department and field (its dotted path exactly as in the figures) whose analyses show the finding, with field_outcome "passed", "missed" or "na" for a yes/no item (else null). Use null for whatever a citation does not narrow on. A citation also lists the moments it rests on (at most five), each by its analysis_id and segment exactly as shown (only moments present in the data; an empty list when it rests on figures only).
- actions: concrete suggested actions (at most five), each with a title and a detail.

Write every text in the language named in <answer_language>.`;

/** The question, the filters, the figures and the evidence sample, as the model reads them. */
export function insightPrompt(
  question: string,
  filters: InsightFilters,
  language: UiLanguage | null,
  data: Pick<GatheredData, 'figures' | 'sample' | 'search'>,
): string {
  const answerLanguage = language
    ? `${LANGUAGE_NATIVE_NAMES[language]} (${language})`
    : 'The language of the question';
  return [
    `<question>\n${question}\n</question>`,
    `<answer_language>\n${answerLanguage}\n</answer_language>`,
    `<filters>\n${JSON.stringify(filters)}\n</filters>`,
    `<figures>\n${JSON.stringify(data.figures)}\n</figures>`,
    // e2e/support/fake-llm.ts reads the sample from between these tags.
    `<evidence_sample>\n${JSON.stringify(data.sample)}\n</evidence_sample>`,
    ...(data.search
      ? [
          `<transcript_search phrase=${JSON.stringify(filters.search)}>\n${JSON.stringify(data.search)}\n</transcript_search>`,
        ]
      : []),
  ].join('\n\n');
}

/** What an answer may refer to: the analyses the model was shown, and the names and fields of the data. */
export interface AnswerReferences {
  analysisIds: ReadonlySet<number>;
  /** The moments shown, by momentKey, with their time. */
  moments: ReadonlyMap<string, number | null>;
  representatives: readonly string[];
  departments: readonly string[];
  /** Dotted paths, with their types. */
  fields: ReadonlyMap<string, AnalyticsValueType>;
}

const momentKey = (analysisId: number, segment: number) => `${analysisId}:${segment}`;

/** Moments a citation lists. */
const CITED_MOMENTS_MAX = 5;

export function answerReferences(data: GatheredData): AnswerReferences {
  // The sample's analyses and the search's: both were shown, with their moments.
  const conversations = [...data.sample, ...(data.search ?? [])];
  return {
    analysisIds: new Set(conversations.map((analysis) => analysis.analysis_id)),
    moments: new Map(
      conversations.flatMap((analysis) =>
        analysis.moments.flatMap(({ segment, seconds }) =>
          segment === null ? [] : [[momentKey(analysis.analysis_id, segment), seconds] as const],
        ),
      ),
    ),
    representatives: data.representatives,
    departments: data.departments,
    fields: new Map([
      [FINAL_SCORE_PATH, 'final'],
      ...data.figures.fields.map((field) => [field.field, field.type] as const),
    ]),
  };
}

/** The name as the data spells it (compared case-insensitively), else null. */
function knownName(names: readonly string[], name: string | null): string | null {
  const folded = name?.trim().toLowerCase();
  return folded ? (names.find((known) => known.toLowerCase() === folded) ?? null) : null;
}

/** The path of a field the data has, however the model wrote it (dotted, quoted or with ' - '), else null. */
function knownField(fields: ReadonlyMap<string, AnalyticsValueType>, field: string | null): string | null {
  if (!field) return null;
  const candidates = [field, unquoteFieldPath(field), field.split(' - ').join('.')];
  const paths = [...fields.keys()];
  for (const candidate of candidates) {
    const folded = candidate?.trim().toLowerCase();
    const match = folded && paths.find((path) => path.toLowerCase() === folded);
    if (match) return match;
  }
  return null;
}

function cleanCitation(citation: InsightCitation, refs: AnswerReferences): InsightCitation {
  const field = knownField(refs.fields, citation.field);
  const checklist = field !== null && CHECKLIST_TYPES.includes(refs.fields.get(field)!);
  return {
    label: citation.label,
    analysis_ids: [...new Set(citation.analysis_ids)].filter((id) => refs.analysisIds.has(id)),
    representative: knownName(refs.representatives, citation.representative),
    department: knownName(refs.departments, citation.department),
    field,
    field_outcome: checklist ? citation.field_outcome : null,
    moments: shownMoments(citation.moments, refs),
  };
}

/** The moments that were shown, each once, with the time they were shown with. */
function shownMoments(moments: InsightMoment[], refs: AnswerReferences): InsightMoment[] {
  const kept = new Map<string, InsightMoment>();
  for (const { analysis_id, segment } of moments) {
    const key = momentKey(analysis_id, segment);
    const seconds = refs.moments.get(key);
    if (seconds !== undefined && !kept.has(key)) kept.set(key, { analysis_id, segment, seconds });
  }
  return [...kept.values()].slice(0, CITED_MOMENTS_MAX);
}

/**
 * The answer with only what exists: citations keep analyses and moments the model was shown, representatives
 * and departments of the data (as spelt there) and fields of the figures; an outcome only for a yes/no item.
 */
export function sanitizeAnswer(answer: InsightAnswer, refs: AnswerReferences): InsightAnswer {
  return {
    summary: answer.summary,
    findings: answer.findings.map((finding) => ({
      ...finding,
      citations: finding.citations.map((citation) => cleanCitation(citation, refs)),
    })),
    actions: answer.actions,
  };
}
