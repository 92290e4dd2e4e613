import path from 'node:path';
import type { StoredLva } from '@parley/contracts';
import { analyzeWithEmlo, EmloFailure, isEmloConfigured } from '../../../ai/emlo.ts';
import { decodeToWav } from '../../../media/ffmpeg.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { audioFacts } from '../state.ts';
import { isAudio, PROGRESS, setStage, type TaskRun, update } from '../task-run.ts';
import { lvaOption } from '../units.ts';
import { cpuSlot, ensureInput, tempDir } from './media.ts';

/** Voice analysis (LVA) of the recording, when the prompt asks for it. */
export async function lvaStage(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  const option = lvaOption(run, prompt);
  if (option === 'none' || run.task.lva !== null) return;
  await setStage(run, 'lva', PROGRESS.lva);
  let lva: StoredLva;
  if (!isAudio(run)) {
    lva = {
      status: 'not_applicable',
      option,
      reason: 'Voice analysis needs a recording; this is a text conversation.',
    };
  } else if (!isEmloConfigured(run.ctx.config)) {
    lva = { status: 'not_configured', option };
  } else {
    try {
      const report = await analyzeWithEmlo(run.ctx.config, {
        wavPath: await lvaRecording(run),
        option,
        requestId: `task-${run.taskId}`,
        signal: run.options.signal,
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
      if (error.retryable && !run.options.lastAttempt) throw error;
      // Voice analysis is an add-on: the analysis completes without it (and without its surcharge).
      lva = { status: 'failed', option, error: error.message };
    }
  }
  await update(run, { lva });
  await run.deps.afterStage?.('lva', run.taskId);
}

/**
 * What Emotion Logic analyses: the decoded recording as a 16 kHz WAV with its channels, written only now that
 * the task holds the price of that length, and no longer than it.
 */
async function lvaRecording(run: TaskRun): Promise<string> {
  const audio = audioFacts(run.state);
  const input = await ensureInput(run);
  const wav = path.join(await tempDir(run), 'voice-analysis.wav');
  const { ffmpegPath } = run.ctx.config;
  await cpuSlot(run, () =>
    decodeToWav(input, wav, audio, {
      ffmpegPath,
      signal: run.options.signal,
    }),
  );
  return wav;
}
