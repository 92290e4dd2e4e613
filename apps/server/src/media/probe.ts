import { text } from 'node:stream/consumers';
import { taskError } from '@parley/contracts';
import { z } from 'zod';
import { asMediaError, MediaError, runTool } from './ffmpeg.ts';

export interface MediaProbe {
  /**
   * Seconds the file's header gives its first audio track (else the whole file), null when it gives none.
   * A claim, not a measure: truncated or crafted files say more or less than they hold.
   */
  durationSeconds: number | null;
  /** Channels of the first audio track. */
  channels: number;
}

/** Longer than any recording (ten years): a header that claims more says nothing a price can be put on. */
const MAX_BELIEVABLE_SECONDS = 10 * 365 * 24 * 3600;

/** The parts of ffprobe's JSON answer that are read (durations are decimal text). */
const ProbeAnswer = z.object({
  streams: z
    .array(z.object({ channels: z.number().optional().catch(undefined), duration: z.unknown().optional() }))
    .optional()
    .catch(undefined),
  format: z.object({ duration: z.unknown().optional() }).optional().catch(undefined),
});

/**
 * Reads what a media file's header says of its first audio track with ffprobe, without decoding it. Fails
 * with a MediaError for files without audio and files ffprobe cannot read.
 */
export async function probeMedia(
  inputPath: string,
  options: { ffprobePath: string; signal?: AbortSignal },
): Promise<MediaProbe> {
  let answer = '';
  await runTool({
    path: options.ffprobePath,
    missing: taskError('ffprobe_missing', { path: options.ffprobePath }),
    args: [
      ...['-v', 'error', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=channels,duration:format=duration', '-of', 'json', inputPath],
    ],
    timeoutMs: 60_000,
    signal: options.signal,
    output: async (stdout) => {
      answer = await text(stdout);
    },
  }).catch((error: unknown) => {
    throw asMediaError(error);
  });
  const probe = ProbeAnswer.parse(JSON.parse(answer));
  const stream = probe.streams?.[0];
  if (!stream) throw new MediaError(taskError('media_no_audio'));
  const seconds = [stream.duration, probe.format?.duration]
    .map(Number)
    .find((s) => Number.isFinite(s) && s >= 0 && s <= MAX_BELIEVABLE_SECONDS);
  return { durationSeconds: seconds ?? null, channels: stream.channels ?? 1 };
}
