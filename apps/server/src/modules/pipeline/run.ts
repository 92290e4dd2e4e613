import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import {
  analysisUnitsMilli,
  audioUnitsMilliFromSamples,
  conversationMetrics,
  countCharacters,
  fromMilliUnits,
  LVA_SURCHARGE_MILLI,
  type LvaOption,
  type TaskResult,
  type TaskStage,
  type TaskStatus,
  textUnitsMilli,
  transcriptToText,
} from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isProviderAvailable, providerUnavailable } from '../../ai/catalog.ts';
import { analyzeWithEmlo, EmloFailure, isEmloConfigured } from '../../ai/emlo.ts';
import {
  createTranscriber,
  type TranscribedSegment,
  type Transcriber,
  transcriptionCredential,
  transcriptionUnavailableMessage,
} from '../../ai/transcription.ts';
import type { AppContext } from '../../context.ts';
import { mediaFiles, prompts, tasks } from '../../db/schema.ts';
import { type PreparedAudio, prepareAudio } from '../../media/audio.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import {
  conversationText,
  MAX_TEXT_BYTES,
  parseTextConversation,
  TEXT_TEXTS,
} from '../../media/text-conversation.ts';
import { splitWav } from '../../media/wav.ts';
import { type Storage, storageOf } from '../../storage/index.ts';
import { notifyTaskEvent, taskEventOf } from '../analyses/events.ts';
import { refreshBatchesOfTask } from '../batches/progress.ts';
import { charge } from '../billing/charge.ts';
import { canProcess, releaseHold, reserve } from '../billing/holds.ts';
import { skipIfBlacklisted } from '../blacklist/enforce.ts';
import { toPromptData } from '../prompts/service.ts';
import {
  analyseWithPrompt,
  type ConversationContext,
  chosenOption,
  classificationField,
  type PromptAnalysis,
  type PromptSnapshot,
  titleOf,
} from './analysis.ts';
import { classifyFailure, PIPELINE_TEXTS, PipelineFailure } from './failures.ts';
import { type PipelineState, pipelineState } from './state.ts';

type TaskRow = typeof tasks.$inferSelect;
type MediaRow = typeof mediaFiles.$inferSelect;
type PromptRow = typeof prompts.$inferSelect;

/** Progress (0-100) at which each stage starts; transcription moves on within its share. */
const PROGRESS: Record<TaskStage, number> = { media: 5, transcription: 15, analysis: 60, lva: 85, done: 100 };

/** What the pipeline needs from outside; tests replace parts. */
export interface PipelineDeps {
  storage?: Pick<Storage, 'get'>;
  transcriber?: (ctx: AppContext) => Transcriber;
  /** Called after a stage has stored its output (tests simulate a crash here). */
  afterStage?: (stage: TaskStage, taskId: number) => void | Promise<void>;
}

export interface RunOptions {
  /** No retry follows: a failure that could pass later fails the task now. */
  lastAttempt: boolean;
  /** Aborted when the job is cancelled or expires. */
  signal?: AbortSignal;
}

export type RunOutcome = 'completed' | 'failed' | 'skipped' | 'not_found' | 'already_done';

/** Thrown when the task should be tried again later (the job's retry); the task waits as 'queued'. */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

class TaskGone extends Error {}

/**
 * Runs (or resumes) the analysis of one task: media -> hold -> transcription -> analysis -> lva -> charge.
 * Every stage stores its output before the next starts and is skipped when already done, so a re-run
 * after a crash or a retry does no work twice and charges once. Before any paid work the task holds its
 * estimated units (billing holds), so concurrent tasks never start work the project cannot pay for; the
 * charge settles the hold, a failure or skip releases it. A failure that may pass (provider 429,
 * 5xx, timeout, invalid answer) throws RetryLater unless this is the last attempt; any other failure,
 * or one on the last attempt, leaves the task 'failed' with the reason, uncharged.
 */
export async function runTask(
  ctx: AppContext,
  taskId: number,
  options: RunOptions,
  deps: PipelineDeps = {},
): Promise<RunOutcome> {
  const run = new TaskRun(ctx, taskId, options, deps);
  try {
    return await run.execute();
  } catch (error) {
    if (error instanceof TaskGone) return 'not_found';
    if (options.signal?.aborted) throw error;
    const failure = classifyFailure(error);
    if (failure.retryable && !options.lastAttempt) {
      ctx.logger.warn({ taskId, error: failure.message }, 'Analysis failed; it will be retried');
      await run.settle('queued', failure.message).catch(() => {});
      throw new RetryLater(failure.message, { cause: error });
    }
    ctx.logger.warn({ taskId, error: failure.message }, 'Analysis failed');
    await run.settle('failed', failure.message).catch((settleError) => {
      ctx.logger.error({ err: settleError, taskId }, 'Could not mark the task failed');
    });
    return 'failed';
  } finally {
    await run.cleanup();
    // Bulk uploads count their items' analyses (a no-op for tasks of no batch).
    await refreshBatchesOfTask(ctx.db, taskId).catch((error) =>
      ctx.logger.warn({ err: error, taskId }, 'Could not update the batch of a task'),
    );
  }
}

/** Marks a task failed whose job was given up (the worker stopped while running its last attempt). */
export async function failInterruptedTask(ctx: AppContext, taskId: number): Promise<void> {
  const [task] = await ctx.db.select({ attempts: tasks.attempts }).from(tasks).where(eq(tasks.id, taskId));
  if (!task) return;
  const row = await ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(tasks)
      .set({ status: 'failed', error: PIPELINE_TEXTS.interrupted(task.attempts), updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ['queued', 'processing'])))
      .returning();
    if (failed) await releaseHold(tx, taskId);
    return failed;
  });
  if (row) await notifyTaskEvent(ctx.db, taskEventOf(row)).catch(() => {});
  await refreshBatchesOfTask(ctx.db, taskId).catch(() => {});
}

class TaskRun {
  private task!: TaskRow;
  private media!: MediaRow;
  private state: PipelineState = {};
  private workDir: string | null = null;
  private audio: PreparedAudio | null = null;
  private readonly storage: Pick<Storage, 'get'>;
  private readonly ctx: AppContext;
  private readonly taskId: number;
  private readonly options: RunOptions;
  private readonly deps: PipelineDeps;

  constructor(ctx: AppContext, taskId: number, options: RunOptions, deps: PipelineDeps) {
    this.ctx = ctx;
    this.taskId = taskId;
    this.options = options;
    this.deps = deps;
    this.storage = deps.storage ?? storageOf(ctx.config);
  }

  async execute(): Promise<RunOutcome> {
    const [row] = await this.ctx.db
      .select({ task: tasks, media: mediaFiles })
      .from(tasks)
      .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
      .where(eq(tasks.id, this.taskId));
    if (!row) return 'not_found';
    if (row.task.status === 'completed' || row.task.status === 'skipped') return 'already_done';
    // The blacklist may have changed since the upload: a blacklisted number is never analysed nor charged.
    if (await skipIfBlacklisted(this.ctx, row.task)) {
      await releaseHold(this.ctx.db, this.taskId);
      return 'skipped';
    }
    this.task = row.task;
    this.media = row.media;
    this.state = pipelineState(row.task.pipeline);

    await this.update(
      {
        status: 'processing',
        stage: this.task.stage ?? 'media',
        error: null,
        attempts: sql`${tasks.attempts} + 1`,
        startedAt: this.task.startedAt ?? new Date(),
      },
      true,
    );
    const prompt = await this.snapshot();
    this.checkCredentials(prompt);
    const noFunds =
      this.task.result === null &&
      !(await canProcess(this.ctx, this.task.projectId, 1, { exceptTaskId: this.taskId }));
    if (noFunds) throw new PipelineFailure(PIPELINE_TEXTS.noFunds);

    await this.mediaStage();
    await this.hold(prompt);
    await this.transcriptionStage(prompt);
    await this.analysisStage(prompt);
    await this.lvaStage(prompt);
    await this.finish(prompt);
    return 'completed';
  }

  // ---------- prompt and preconditions ----------

  /** The prompt as the analysis runs with it; taken once (a restarted task takes it again). */
  private async snapshot(): Promise<PromptSnapshot> {
    if (this.task.promptSnapshot) return this.task.promptSnapshot as PromptSnapshot;
    if (this.task.promptId === null) throw new PipelineFailure(PIPELINE_TEXTS.promptMissing);
    const row = await this.findPrompt(this.task.promptId);
    if (!row) throw new PipelineFailure(PIPELINE_TEXTS.promptMissing);
    const snapshot = snapshotOf(row);
    // A fresh snapshot means a fresh analysis (new task, or a restart): only the facts of the file stay.
    const media = this.state.media;
    this.state = media ? { media } : {};
    await this.update({ promptSnapshot: snapshot, pipeline: this.state });
    return snapshot;
  }

  private async findPrompt(promptId: number): Promise<PromptRow | null> {
    const [row] = await this.ctx.db
      .select()
      .from(prompts)
      .where(and(eq(prompts.id, promptId), eq(prompts.projectId, this.task.projectId)));
    return row ?? null;
  }

  /** Work that needs a provider without credentials fails now, naming the variable to set. */
  private checkCredentials(prompt: PromptSnapshot): void {
    const config = this.ctx.config;
    if (
      this.isAudio &&
      this.task.transcript === null &&
      !transcriptionCredential(config) &&
      !this.deps.transcriber
    ) {
      throw new PipelineFailure(transcriptionUnavailableMessage(config));
    }
    if (this.task.result === null) {
      const target = this.state.classification?.target ?? prompt;
      if (!isProviderAvailable(config, target.provider)) {
        throw new PipelineFailure(providerUnavailable(target.provider).message);
      }
    }
  }

  private get isAudio(): boolean {
    return this.media.kind !== 'text';
  }

  // ---------- media ----------

  private async mediaStage(): Promise<void> {
    if (this.state.media) return;
    await this.setStage('media', PROGRESS.media);
    if (!this.isAudio) {
      const raw = await this.readText();
      const segments = parseTextConversation(raw, this.media.fileName);
      const text = conversationText(segments);
      await this.saveState(
        { media: { kind: 'text', characters: countCharacters(text), messages: segments.length } },
        { transcriptText: text },
      );
    } else {
      const audio = await this.ensureAudio();
      await this.ctx.db
        .update(mediaFiles)
        .set({ durationMs: audio.durationMs, channels: audio.channels })
        .where(eq(mediaFiles.id, this.media.id));
      await this.saveState({
        media: {
          kind: 'audio',
          durationMs: audio.durationMs,
          frames: audio.frames,
          sampleRate: audio.sampleRate,
          channels: audio.channels,
          layout: audio.layout,
        },
      });
    }
    await this.deps.afterStage?.('media', this.taskId);
  }

  private async readText(): Promise<string> {
    const stream = await this.storage.get(this.media.storageKey);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_TEXT_BYTES) {
        stream.destroy();
        throw new MediaError(TEXT_TEXTS.tooLarge);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The decoded recording of this run (decoded again after a restart: the decode is a cache). */
  private async ensureAudio(): Promise<PreparedAudio> {
    if (this.audio) return this.audio;
    const dir = await this.tempDir();
    const extension = (path
      .extname(this.media.fileName)
      .toLowerCase()
      .match(/^\.[a-z0-9]{1,8}$/) ?? [''])[0];
    const input = path.join(dir, `input${extension}`);
    const source: Readable = await this.storage.get(this.media.storageKey);
    await pipeStreams(source, createWriteStream(input));
    this.audio = await prepareAudio(input, dir, {
      ffmpegPath: this.ctx.config.ffmpegPath,
      signal: this.options.signal,
    });
    return this.audio;
  }

  private async tempDir(): Promise<string> {
    this.workDir ??= await mkdtemp(path.join(tmpdir(), `parley-task-${this.taskId}-`));
    return this.workDir;
  }

  async cleanup(): Promise<void> {
    if (this.workDir) await rm(this.workDir, { recursive: true, force: true }).catch(() => {});
  }

  // ---------- billing ----------

  /** Units of content: decoded audio seconds (per second) or characters of text. */
  private contentUnitsMilli(): number {
    const media = this.state.media!;
    return media.kind === 'audio'
      ? audioUnitsMilliFromSamples(media.frames, media.sampleRate)
      : textUnitsMilli(media.characters);
  }

  /** The LVA option that applies: the task's prompt's, else (classification) the chosen prompt's. */
  private lvaOption(prompt: PromptSnapshot): LvaOption {
    if (prompt.LVA !== 'none') return prompt.LVA;
    return this.state.classification?.target.LVA ?? 'none';
  }

  /** Prompt units: model units of every prompt that analysed, plus the LVA surcharge when LVA ran. */
  private promptUnitsMilli(prompt: PromptSnapshot, lvaRan: boolean): number {
    const modelUnits = (p: PromptSnapshot) => Math.max(0, p.unitsMilli - LVA_SURCHARGE_MILLI[p.LVA]);
    const target = this.state.classification?.target;
    return (
      modelUnits(prompt) +
      (target ? modelUnits(target) : 0) +
      (lvaRan ? LVA_SURCHARGE_MILLI[this.lvaOption(prompt)] : 0)
    );
  }

  /**
   * Before paying providers: holds what this analysis will cost as far as it is known (with LVA when it
   * will run, with the chosen prompt once a classification has chosen one), or fails for lack of funds.
   */
  private async hold(prompt: PromptSnapshot): Promise<void> {
    const lvaWillRun = this.isAudio && this.lvaOption(prompt) !== 'none' && isEmloConfigured(this.ctx.config);
    const units = analysisUnitsMilli(this.contentUnitsMilli(), this.promptUnitsMilli(prompt, lvaWillRun));
    if ((await reserve(this.ctx, this.task.projectId, this.taskId, units)) === 'insufficient') {
      throw new PipelineFailure(PIPELINE_TEXTS.insufficientFunds(fromMilliUnits(units).toString()));
    }
  }

  // ---------- transcription ----------

  private async transcriptionStage(prompt: PromptSnapshot): Promise<void> {
    if (!this.isAudio || this.task.transcript !== null) return;
    await this.setStage('transcription', PROGRESS.transcription);
    const transcriber = this.deps.transcriber
      ? this.deps.transcriber(this.ctx)
      : createTranscriber(this.ctx.config);
    const chunkSeconds = this.ctx.config.transcription.chunkSeconds;
    const settings = {
      provider: transcriber.provider,
      model: transcriber.model,
      task: prompt.transcriptionTask,
      language: prompt.transcriptionLanguage,
      chunkSeconds,
    };
    const previous = this.state.transcription;
    const same =
      previous &&
      (Object.keys(settings) as Array<keyof typeof settings>).every((key) => previous[key] === settings[key]);
    const progress = { ...settings, pieces: same ? { ...previous.pieces } : {} };

    const audio = await this.ensureAudio();
    const dir = await this.tempDir();
    const tracks = await Promise.all(
      audio.tracks.map(async (track, t) => ({
        track,
        pieces: await splitWav(track.path, chunkSeconds, (i) => path.join(dir, `track-${t}-piece-${i}.wav`)),
      })),
    );
    const total = tracks.reduce((sum, t) => sum + t.pieces.length, 0);
    let done = Object.keys(progress.pieces).length;
    for (const [t, { track, pieces }] of tracks.entries()) {
      for (const [p, piece] of pieces.entries()) {
        const key = `${t}:${p}`;
        if (progress.pieces[key]) continue;
        const result = await transcriber.transcribe(piece.path, {
          task: prompt.transcriptionTask,
          language: prompt.transcriptionLanguage,
          prompt: prompt.transcribeInstructions,
          signal: this.options.signal,
        });
        progress.pieces[key] = {
          language: result.language,
          segments: result.segments.map((segment) => ({
            ...segment,
            start: round3(segment.start + piece.offsetSeconds),
            end: round3(segment.end + piece.offsetSeconds),
            speaker: track.speaker ?? (segment.speaker ? `Speaker ${segment.speaker}` : null),
            ...(track.channel !== null && { channel: track.channel }),
          })),
        };
        done += 1;
        const share = PROGRESS.analysis - PROGRESS.transcription;
        await this.saveState(
          { transcription: progress },
          { progress: PROGRESS.transcription + Math.floor((share * done) / total) },
        );
        await this.notify();
      }
    }

    const segments: Array<TranscribedSegment & { channel?: number }> = tracks
      .flatMap((t, index) => t.pieces.flatMap((_, p) => progress.pieces[`${index}:${p}`]?.segments ?? []))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    if (segments.length === 0) throw new PipelineFailure(PIPELINE_TEXTS.noSpeech);
    const language = Object.values(progress.pieces).find((piece) => piece.language)?.language ?? null;
    const durationSeconds = (this.state.media as { durationMs: number }).durationMs / 1000;
    await this.saveState(
      { transcription: { ...settings, detectedLanguage: language, pieces: {} } },
      {
        transcript: segments,
        transcriptText: transcriptToText(segments),
        metrics: conversationMetrics(segments, durationSeconds),
      },
    );
    await this.deps.afterStage?.('transcription', this.taskId);
  }

  // ---------- analysis ----------

  private context(): ConversationContext {
    const audio = this.state.media?.kind === 'audio' ? this.state.media : null;
    const segments = (this.task.transcript as TranscribedSegment[] | null) ?? null;
    return {
      transcript: segments ? transcriptToText(segments, { seconds: true }) : (this.task.transcriptText ?? ''),
      metadata: this.task.metadata,
      fileName: this.media.fileName,
      kind: this.media.kind,
      durationMs: audio?.durationMs ?? null,
      createdAt: this.task.createdAt,
      detectedLanguage: this.state.transcription?.detectedLanguage ?? null,
      timed: segments !== null,
    };
  }

  private async analysisStage(prompt: PromptSnapshot): Promise<void> {
    if (this.task.result !== null) return;
    await this.setStage('analysis', PROGRESS.analysis);
    const context = this.context();
    const who = { projectId: this.task.projectId, userId: this.task.createdBy };
    let final: PromptAnalysis;
    let classification: TaskResult['classification'];
    const found = prompt.isClassification ? classificationField(prompt.content) : null;
    if (found) {
      let step = this.state.classification;
      if (!step) {
        const analysis = await analyseWithPrompt(this.ctx, prompt, context, {
          ...who,
          purpose: 'classification',
        });
        const option = chosenOption(found.field, analysis.values, found.path);
        if (!option) throw new PipelineFailure(PIPELINE_TEXTS.classificationUnanswered, true);
        const row = await this.findPrompt(Number(option.promptId));
        if (!row)
          throw new PipelineFailure(
            PIPELINE_TEXTS.classificationTarget(option.promptName || option.promptId),
          );
        step = {
          analysis,
          chosen: { promptId: String(option.promptId), promptName: option.promptName || row.scriptName },
          target: snapshotOf(row),
        };
        await this.saveState({ classification: step }, { progress: PROGRESS.analysis + 10 });
        await this.notify();
        if (!isProviderAvailable(this.ctx.config, step.target.provider)) {
          throw new PipelineFailure(providerUnavailable(step.target.provider).message);
        }
        await this.hold(prompt);
      }
      final = await analyseWithPrompt(this.ctx, step.target, context, { ...who, purpose: 'analysis' });
      classification = {
        prompt: step.analysis.prompt,
        field: found.path.join('.'),
        chosen: step.chosen,
        values: step.analysis.values,
        evidence: step.analysis.evidence,
      };
    } else {
      final = await analyseWithPrompt(this.ctx, prompt, context, { ...who, purpose: 'analysis' });
    }
    const result: TaskResult = {
      prompt: final.prompt,
      values: final.values,
      evidence: final.evidence,
      score: final.score,
      ...(classification && { classification }),
    };
    await this.update({
      result,
      title: titleOf(final.values) ?? this.task.title,
      finalScore: final.score.score,
    });
    await this.deps.afterStage?.('analysis', this.taskId);
  }

  // ---------- voice analysis (LVA) ----------

  private async lvaStage(prompt: PromptSnapshot): Promise<void> {
    const option = this.lvaOption(prompt);
    if (option === 'none' || this.task.lva !== null) return;
    await this.setStage('lva', PROGRESS.lva);
    let lva: Record<string, unknown>;
    if (!this.isAudio) {
      lva = {
        status: 'not_applicable',
        option,
        reason: 'Voice analysis needs a recording; this is a text conversation.',
      };
    } else if (!isEmloConfigured(this.ctx.config)) {
      lva = { status: 'not_configured', option };
    } else {
      try {
        const audio = await this.ensureAudio();
        const report = await analyzeWithEmlo(this.ctx.config, {
          wavPath: audio.wavPath,
          option,
          requestId: `task-${this.taskId}`,
          signal: this.options.signal,
        });
        lva = {
          status: 'completed',
          option,
          provider: 'emlo',
          requestId: report.requestId,
          report: report.report,
        };
      } catch (error) {
        if (!(error instanceof EmloFailure)) throw error;
        if (error.retryable && !this.options.lastAttempt) throw error;
        // Voice analysis is an add-on: the analysis completes without it (and without its surcharge).
        lva = { status: 'failed', option, error: error.message };
      }
    }
    await this.update({ lva });
    await this.deps.afterStage?.('lva', this.taskId);
  }

  // ---------- charge and completion ----------

  private async finish(prompt: PromptSnapshot): Promise<void> {
    const lvaRan = (this.task.lva as { status?: string } | null)?.status === 'completed';
    const content = this.contentUnitsMilli();
    const units = analysisUnitsMilli(content, this.promptUnitsMilli(prompt, lvaRan));
    const outcome = await charge(this.ctx, this.task.projectId, this.taskId, units, {
      minutesMilli: content,
      description: `Analysis #${this.taskId}: ${this.media.fileName}`.slice(0, 300),
    });
    if (outcome.status === 'insufficient') {
      throw new PipelineFailure(PIPELINE_TEXTS.insufficientFunds(fromMilliUnits(units).toString()));
    }
    await this.update(
      {
        status: 'completed',
        stage: 'done',
        progress: 100,
        error: null,
        completedAt: new Date(),
        unitsChargedMilli: outcome.invoice.unitsMilli,
      },
      true,
    );
  }

  // ---------- task row ----------

  private async update(values: Partial<typeof tasks.$inferInsert> | Record<string, unknown>, notify = false) {
    // A job whose claim is gone (cancelled by a restart, expired) must not write over the task any more.
    this.options.signal?.throwIfAborted();
    const [row] = await this.ctx.db
      .update(tasks)
      .set({ ...(values as Partial<typeof tasks.$inferInsert>), updatedAt: new Date() })
      .where(eq(tasks.id, this.taskId))
      .returning();
    if (!row) throw new TaskGone();
    this.task = row;
    if (notify) await this.notify();
  }

  private async notify(): Promise<void> {
    await notifyTaskEvent(this.ctx.db, taskEventOf(this.task)).catch((error) =>
      this.ctx.logger.warn({ err: error, taskId: this.taskId }, 'Task event not sent'),
    );
  }

  private async setStage(stage: TaskStage, progress: number): Promise<void> {
    await this.update(
      { stage, progress: Math.max(progress, stage === this.task.stage ? this.task.progress : 0) },
      true,
    );
  }

  private async saveState(
    patch: Partial<PipelineState>,
    columns: Record<string, unknown> = {},
  ): Promise<void> {
    this.state = { ...this.state, ...patch };
    await this.update({ ...columns, pipeline: this.state });
  }

  /** Leaves the task queued (waiting for a retry, keeping its hold) or failed (releasing it), with the reason. */
  async settle(status: Extract<TaskStatus, 'queued' | 'failed'>, reason: string): Promise<void> {
    const row = await this.ctx.db.transaction(async (tx) => {
      const [settled] = await tx
        .update(tasks)
        .set({ status, error: reason.slice(0, 2000), updatedAt: new Date() })
        .where(and(eq(tasks.id, this.taskId), sql`${tasks.status} <> 'completed'`))
        .returning();
      if (settled && status === 'failed') await releaseHold(tx, this.taskId);
      return settled;
    });
    if (row) await notifyTaskEvent(this.ctx.db, taskEventOf(row)).catch(() => {});
  }
}

function snapshotOf(row: PromptRow): PromptSnapshot {
  return { id: row.id, projectId: row.projectId, ...toPromptData(row), unitsMilli: row.unitsMilli };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
