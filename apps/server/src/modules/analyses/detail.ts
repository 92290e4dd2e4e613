import {
  type AnalysisCorrection,
  type AnalysisDetail,
  AnalysisMetrics,
  analysisRoutes,
  fromMilliUnits,
  hasResultValues,
  pathOf,
  readPromptData,
  readStoredLva,
  readTranscript,
  SpeakerRoles,
  type TranscriptSegment,
} from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisCorrections } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow, toPromptData } from '../prompts/service.ts';
import { type PromptVersionData, readPromptVersions, versionNumbers } from '../prompts/versions.ts';
import { resultWithPrompts } from '../tasks/result.ts';
import { findTaskWithMedia, type MediaRow, type TaskRow, taskErrorFields } from '../tasks/rows.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

export const ANALYSIS_TEXTS = {
  notFound: 'Analysis not found.',
  mediaMissing: 'The media file of this analysis is missing from storage.',
} as const;

/** A task of the project the caller may see (team leaders, media keys: see visibility.ts); 404 otherwise. */
export async function requireTask(ctx: AppContext, access: ProjectAccess, taskId: number) {
  const row = await findTaskWithMedia(ctx.db, taskId, {
    projectId: access.project.id,
    visible: taskVisibilityCondition(access),
  });
  if (!row) throw notFound(ANALYSIS_TEXTS.notFound);
  return row;
}

/**
 * Transcript segments (or a chat's messages) as the detail page shows them, read leniently (contracts
 * readTranscript: seconds or milliseconds); a time that isn't there (a chat message without one) stays null.
 */
export const transcriptSegments = (value: unknown): TranscriptSegment[] | null => readTranscript(value);

async function promptInfo(
  ctx: AppContext,
  access: ProjectAccess,
  task: TaskRow,
  version: PromptVersionData | null,
): Promise<AnalysisDetail['prompt']> {
  const current = task.promptId ? await findPromptRow(ctx, access, task.promptId).catch(() => null) : null;
  if (version) {
    const snapshotName = version.scriptName ?? version.name;
    const numbers = await versionNumbers(ctx.db, [task.promptVersionId]);
    return {
      id: task.promptId,
      name: current?.scriptName ?? (typeof snapshotName === 'string' ? snapshotName : null),
      source: 'snapshot',
      version: numbers.get(task.promptVersionId!) ?? null,
      data: readPromptData(version),
    };
  }
  if (!current) return null;
  return {
    id: current.id,
    name: current.scriptName,
    source: 'current',
    version: null,
    data: { ...toPromptData(current) },
  };
}

const mediaUrl = (projectId: number, taskId: number) =>
  `/api${pathOf(analysisRoutes.media, { id: projectId, taskId })}`;

function mediaInfo(media: MediaRow, projectId: number, taskId: number): AnalysisDetail['media'] {
  return {
    id: media.id,
    file_name: media.fileName,
    kind: media.kind,
    content_type: media.contentType,
    size_bytes: media.sizeBytes,
    duration_seconds: media.durationMs === null ? null : media.durationMs / 1000,
    channels: media.channels,
    has_video: media.kind === 'video',
    source_url: media.sourceUrl,
    url: mediaUrl(projectId, taskId),
  };
}

/** The result with its prompts; the oldest results (only values) as they were stored. */
export function detailResult(
  stored: TaskRow['result'],
  task: PromptVersionData | null,
  chosen: PromptVersionData | null,
): AnalysisDetail['result'] {
  const result = resultWithPrompts(stored, { task, chosen });
  return result && !hasResultValues(stored) ? result.values : result;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Everything the analysis page shows. */
export async function analysisDetail(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
): Promise<AnalysisDetail> {
  const { task, media } = await requireTask(ctx, access, taskId);
  const versions = await readPromptVersions(ctx.db, [task.promptVersionId, task.chosenPromptVersionId]);
  const version = (id: number | null) => (id === null ? null : (versions.get(id) ?? null));
  const taskVersion = version(task.promptVersionId);
  return {
    id: task.id,
    project_id: task.projectId,
    status: task.status,
    stage: task.stage,
    progress: task.progress,
    priority: task.priority,
    scheduled_at: iso(task.scheduledAt),
    created_at: task.createdAt.toISOString(),
    conversation_at: task.conversationAt.toISOString(),
    conversation_at_source: task.conversationAtSource,
    updated_at: task.updatedAt.toISOString(),
    started_at: iso(task.startedAt),
    completed_at: iso(task.completedAt),
    attempts: task.attempts,
    title: task.title,
    representative: task.representative,
    department: task.department,
    metadata: task.metadata,
    final_score: task.finalScore,
    units_charged: task.unitsChargedMilli === null ? null : fromMilliUnits(task.unitsChargedMilli),
    ...taskErrorFields(task.errorReason),
    prompt_id: task.promptId,
    prompt: await promptInfo(ctx, access, task, taskVersion),
    media: mediaInfo(media, access.project.id, task.id),
    transcript: transcriptSegments(task.transcript),
    expired_at: task.expiredAt?.toISOString() ?? null,
    has_original_transcript: task.transcriptOriginal !== null,
    has_original_media: media.originalStorageKey !== null && media.removedAt === null,
    transcript_text: task.transcriptText,
    result: detailResult(task.result, taskVersion, version(task.chosenPromptVersionId)),
    // Stored JSON of any age: a value that doesn't have the shape the page reads is left out.
    metrics: AnalysisMetrics.safeParse(task.metrics).data ?? null,
    speaker_roles: SpeakerRoles.safeParse(task.speakerRoles).data ?? null,
    lva: readStoredLva(task.lva),
    corrections: await correctionsOf(ctx.db, task.id),
  };
}

/** The approved corrections of an analysis, oldest first (the analysis detail and its JSON). */
async function correctionsOf(db: Executor, taskId: number): Promise<AnalysisCorrection[]> {
  const rows = await db
    .select()
    .from(analysisCorrections)
    .where(eq(analysisCorrections.taskId, taskId))
    .orderBy(asc(analysisCorrections.id));
  return rows.map((row) => ({
    path: row.path,
    ai_value: row.aiValue ?? null,
    value: row.value ?? null,
    by: { id: row.correctedBy, name: row.correctedByName },
    at: row.createdAt.toISOString(),
    reason: row.reason,
    request_id: row.requestId,
  }));
}
