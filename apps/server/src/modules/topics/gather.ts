import {
  RESPONSE_LANGUAGES,
  SUMMARY_KEY,
  TRACKER_TEXT_SEARCH_CONFIGS,
  UI_LANGUAGES,
} from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { TopicPeriod } from './period.ts';

/** Characters of a conversation's text that are grouped and shown to the model. */
export const TEXT_CHARS = 400;
/** Transcript pieces read for a conversation without a summary (its first customer turns among them). */
const FALLBACK_PIECES = 40;

/**
 * PostgreSQL's text search configuration for the language the prompt answers in (its summaries' language): the
 * response languages are the UI languages in the same order; 'Auto' (the conversation's language) is 'simple'.
 */
const CONFIG_OF_RESPONSE_LANGUAGE = sql.raw(
  `CASE pr.response_language ${RESPONSE_LANGUAGES.flatMap((language, i) => {
    const ui = UI_LANGUAGES[i];
    return ui ? [`WHEN '${language}' THEN '${TRACKER_TEXT_SEARCH_CONFIGS[ui]}'`] : [];
  }).join(' ')} ELSE 'simple' END`,
);

/**
 * What a conversation is about, as text: the analysis's Summary field, else (no summary: an older prompt, a
 * correction that emptied it) its first customer turns (every speaker's when the roles are unknown), else the
 * start of its transcript text; cut to TEXT_CHARS. Null for a conversation whose retention deleted both.
 */
const TEXT_OF_TASK = sql`left(coalesce(
  nullif(btrim(t.result -> 'values' ->> ${SUMMARY_KEY}), ''),
  (SELECT nullif(string_agg(piece ->> 'text', ' ' ORDER BY n), '')
     FROM jsonb_array_elements(CASE jsonb_typeof(t.transcript) WHEN 'array' THEN t.transcript
                                    WHEN 'object' THEN t.transcript -> 'segments' END) WITH ORDINALITY AS x(piece, n)
     WHERE n <= ${FALLBACK_PIECES}
       AND (t.speaker_roles IS NULL OR t.speaker_roles -> 'roles' ->> (piece ->> 'speaker') = 'customer')),
  nullif(btrim(t.transcript_text), '')), ${TEXT_CHARS})`;

/** A project's analysed conversations from `from` to `to` (its days, both included). */
function conversationsOf(projectId: number, from: string, to: string): SQL {
  return sql`t.project_id = ${projectId} AND t.status = 'completed'
    AND t.conversation_at >= (${from}::date::timestamp AT TIME ZONE p.timezone)
    AND t.conversation_at < ((${to}::date + 1)::timestamp AT TIME ZONE p.timezone)
    AND (t.result IS NOT NULL OR t.transcript IS NOT NULL OR coalesce(t.transcript_text, '') <> '')`;
}

/** Analysed conversations in the period and in the period before it (what a run groups). */
export async function countConversations(
  db: Executor,
  projectId: number,
  period: TopicPeriod,
): Promise<{ current: number; previous: number }> {
  const { rows } = await db.execute<{ current: number; previous: number }>(sql`
    SELECT count(*) FILTER (WHERE t.conversation_at >= (${period.start}::date::timestamp AT TIME ZONE p.timezone))::int AS current,
           count(*) FILTER (WHERE t.conversation_at < (${period.start}::date::timestamp AT TIME ZONE p.timezone))::int AS previous
    FROM tasks t JOIN projects p ON p.id = t.project_id
    WHERE ${conversationsOf(projectId, period.previousStart, period.end)}`);
  return rows[0] ?? { current: 0, previous: 0 };
}

export interface GatheredConversation {
  taskId: number;
  /** In the run's period (else in the period before it). */
  current: boolean;
  /** The distinct lexemes of its text (numbers left out). */
  terms: string[];
}

/**
 * The conversations of both periods with the lexemes of their texts, from PostgreSQL's to_tsvector in the
 * summaries' language (stemmed, stop words left out where it has the language), in id order.
 */
export async function gatherConversations(
  db: Executor,
  projectId: number,
  period: TopicPeriod,
): Promise<GatheredConversation[]> {
  const { rows } = await db.execute<{ id: number; current: boolean; terms: string[] }>(sql`
    SELECT c.id, c.current,
           ARRAY(SELECT lexeme FROM unnest(tsvector_to_array(to_tsvector(c.config::regconfig, c.text))) AS lexeme
                 WHERE lexeme !~ '^[0-9.,:/-]+$' AND length(lexeme) > 1) AS terms
    FROM (
      SELECT t.id, t.conversation_at >= (${period.start}::date::timestamp AT TIME ZONE p.timezone) AS current,
             ${CONFIG_OF_RESPONSE_LANGUAGE} AS config, ${TEXT_OF_TASK} AS text
      FROM tasks t JOIN projects p ON p.id = t.project_id LEFT JOIN prompts pr ON pr.id = t.prompt_id
      WHERE ${conversationsOf(projectId, period.previousStart, period.end)}
    ) c
    WHERE c.text IS NOT NULL
    ORDER BY c.id`);
  return rows.map((row) => ({ taskId: row.id, current: row.current, terms: row.terms }));
}

/** The texts of some conversations (the samples the model reads), by task id. */
export async function conversationTexts(db: Executor, taskIds: number[]): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; text: string | null }>(sql`
    SELECT t.id, ${TEXT_OF_TASK} AS text FROM tasks t WHERE t.id = ANY(${sql.param(taskIds)}::int[])`);
  return new Map(rows.flatMap((row) => (row.text ? [[row.id, row.text] as const] : [])));
}
