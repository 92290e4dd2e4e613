import {
  candidateSegments,
  momentText,
  readTranscript,
  type SpeakerRole,
  SpeakerRoles,
  TRACKER_TEXT_SEARCH_CONFIGS,
  TRACKERS,
  type TrackerMoment,
  type TrackerSpeaker,
  type TrackerWindow,
  type TranscriptSegment,
  type UiLanguage,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trackerHits } from '../../db/schema/index.ts';

/**
 * Matching keyword trackers against transcripts, the one way completion (hits.ts) and the apply job (apply.ts)
 * both go: the speaker and window conditions pick each tracker's pieces (contracts `candidateSegments`), and
 * PostgreSQL tests them against the phrases (`to_tsvector(cfg, piece) @@ phraseto_tsquery(cfg, phrase)`) in one
 * query for every analysis and tracker given. Configurations, phrases and texts are parameters.
 */

/** What matching needs of a tracker. */
export interface KeywordTracker {
  id: number;
  language: UiLanguage;
  phrases: string[];
  speaker: TrackerSpeaker;
  window: TrackerWindow | null;
}

/** What matching needs of an analysis: its stored transcript and speaker roles (any age: read leniently). */
export interface AnalysisTranscript {
  id: number;
  projectId: number;
  transcript: unknown;
  speakerRoles: unknown;
}

export type HitRow = typeof trackerHits.$inferInsert;

/** Rows per insert statement (5 parameters a row). */
const INSERT_CHUNK = 2000;

const Roles = SpeakerRoles.pick({ roles: true });

/** A speaker label's role in the analysis (tasks.speaker_roles.roles); null when unknown. */
export function roleReader(speakerRoles: unknown): (speaker: string | null) => SpeakerRole | null {
  const roles = Roles.safeParse(speakerRoles).data?.roles ?? {};
  return (speaker) => (speaker === null ? null : (roles[speaker] ?? null));
}

/**
 * Where a hit of `phrase` starts in a piece (for cutting a long moment around it): the first place the
 * phrase's first word, or the longest beginning of it down to three characters, occurs in any case (a stemmed
 * match is another form of the word: "cancel" in "cancelled", "kündigen" in "kündige"); 0 when none does.
 */
export function hitPosition(text: string, phrase: string): number {
  const word = phrase.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0];
  if (!word) return 0;
  const lower = text.toLowerCase();
  for (let length = word.length; length >= Math.min(3, word.length); length--) {
    const at = lower.indexOf(word.slice(0, length));
    if (at >= 0) return at;
  }
  return 0;
}

interface Piece {
  segment: TranscriptSegment;
  role: SpeakerRole | null;
}

/** The parameters of the matching query: each array one column of an unnest. */
interface MatchInput {
  trackerIds: number[];
  configs: string[];
  phraseTrackers: number[];
  phrases: string[];
  pieceTasks: number[];
  pieceIndexes: number[];
  pieceTexts: string[];
  candidateTasks: number[];
  candidateTrackers: number[];
  candidateIndexes: number[];
}

const param = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

/**
 * The pieces that hit, each with the first of its tracker's phrases that it matches. Each piece's tsvector is
 * computed once per configuration asked for it, each phrase's tsquery once.
 */
async function matchingPieces(db: Executor, input: MatchInput) {
  const found = await db.execute<{ task_id: number; tracker_id: number; idx: number; phrase: string }>(sql`
    WITH trk AS MATERIALIZED (
      SELECT t.id, t.cfg::regconfig AS cfg
      FROM unnest(${param(input.trackerIds, 'int[]')}, ${param(input.configs, 'text[]')}) AS t(id, cfg)
    ), q AS MATERIALIZED (
      SELECT p.tracker_id, p.ord, p.phrase, phraseto_tsquery(trk.cfg, p.phrase) AS query
      FROM unnest(${param(input.phraseTrackers, 'int[]')}, ${param(input.phrases, 'text[]')})
        WITH ORDINALITY AS p(tracker_id, phrase, ord)
      JOIN trk ON trk.id = p.tracker_id
    ), piece AS MATERIALIZED (
      SELECT * FROM unnest(${param(input.pieceTasks, 'int[]')}, ${param(input.pieceIndexes, 'int[]')},
        ${param(input.pieceTexts, 'text[]')}) AS p(task_id, idx, body)
    ), cand AS MATERIALIZED (
      SELECT c.task_id, c.tracker_id, c.idx, trk.cfg
      FROM unnest(${param(input.candidateTasks, 'int[]')}, ${param(input.candidateTrackers, 'int[]')},
        ${param(input.candidateIndexes, 'int[]')}) AS c(task_id, tracker_id, idx)
      JOIN trk ON trk.id = c.tracker_id
    ), vec AS MATERIALIZED (
      SELECT k.task_id, k.idx, k.cfg, to_tsvector(k.cfg, piece.body) AS vec
      FROM (SELECT DISTINCT task_id, idx, cfg FROM cand) k
      JOIN piece ON piece.task_id = k.task_id AND piece.idx = k.idx
    )
    SELECT cand.task_id, cand.tracker_id, cand.idx, hit.phrase
    FROM cand
    JOIN vec ON vec.task_id = cand.task_id AND vec.idx = cand.idx AND vec.cfg = cand.cfg
    CROSS JOIN LATERAL (
      SELECT q.phrase FROM q
      WHERE q.tracker_id = cand.tracker_id AND vec.vec @@ q.query
      ORDER BY q.ord LIMIT 1
    ) hit
    ORDER BY cand.task_id, cand.tracker_id, cand.idx`);
  return found.rows;
}

/**
 * The hits of these trackers in these analyses: one row per analysis and tracker hit, with the count of pieces
 * that hit and the first TRACKERS.momentsMax of them as moments. An analysis without a transcript hits nothing.
 */
export async function findHits(
  db: Executor,
  analyses: readonly AnalysisTranscript[],
  trackers: readonly KeywordTracker[],
): Promise<HitRow[]> {
  if (analyses.length === 0 || trackers.length === 0) return [];
  const input: MatchInput = {
    trackerIds: trackers.map((tracker) => tracker.id),
    configs: trackers.map((tracker) => TRACKER_TEXT_SEARCH_CONFIGS[tracker.language]),
    phraseTrackers: trackers.flatMap((tracker) => tracker.phrases.map(() => tracker.id)),
    phrases: trackers.flatMap((tracker) => tracker.phrases),
    pieceTasks: [],
    pieceIndexes: [],
    pieceTexts: [],
    candidateTasks: [],
    candidateTrackers: [],
    candidateIndexes: [],
  };
  const pieces = new Map<string, Piece>();
  const projects = new Map<number, number>();
  for (const analysis of analyses) {
    const segments = readTranscript(analysis.transcript);
    if (!segments) continue;
    projects.set(analysis.id, analysis.projectId);
    const roleOf = roleReader(analysis.speakerRoles);
    for (const tracker of trackers) {
      for (const { index, segment, role } of candidateSegments(segments, tracker, roleOf)) {
        input.candidateTasks.push(analysis.id);
        input.candidateTrackers.push(tracker.id);
        input.candidateIndexes.push(index);
        const key = `${analysis.id}:${index}`;
        if (pieces.has(key)) continue;
        pieces.set(key, { segment, role });
        input.pieceTasks.push(analysis.id);
        input.pieceIndexes.push(index);
        input.pieceTexts.push(segment.text);
      }
    }
  }
  if (input.candidateTasks.length === 0) return [];
  const rows = new Map<string, HitRow & { moments: TrackerMoment[] }>();
  for (const hit of await matchingPieces(db, input)) {
    const key = `${hit.task_id}:${hit.tracker_id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        trackerId: hit.tracker_id,
        taskId: hit.task_id,
        projectId: projects.get(hit.task_id)!,
        hits: 0,
        moments: [],
      };
      rows.set(key, row);
    }
    row.hits += 1;
    if (row.moments.length >= TRACKERS.momentsMax) continue;
    const { segment, role } = pieces.get(`${hit.task_id}:${hit.idx}`)!;
    const at = segment.text.length > TRACKERS.momentTextMax ? hitPosition(segment.text, hit.phrase) : 0;
    row.moments.push({ segment: hit.idx, seconds: segment.start, role, text: momentText(segment.text, at) });
  }
  return [...rows.values()];
}

/** Stores hit rows (the caller deleted the rows they replace). */
export async function insertHits(db: Executor, rows: readonly HitRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(trackerHits).values(rows.slice(start, start + INSERT_CHUNK));
  }
}
