import { taskError } from '@parley/contracts';
import { asMediaError, decodeInputArgs, type FfmpegOptions, MediaError, runFfmpeg } from './ffmpeg.ts';
import { type ChannelStats, SAMPLE_RATE, SampleStats } from './samples.ts';

/** Loudest sample below which a recording (or one channel) counts as silent: about -60 dBFS. */
export const SILENCE_PEAK = 32;
/** Channels differing by less than this share of their mean level are one signal (dual mono). */
const SAME_SIGNAL_RATIO = 0.02;

/**
 * How the channels are transcribed:
 * - mono: one channel.
 * - stereo: two different channels, transcribed separately; speakers are named by channel.
 * - dual-mono: two (nearly) identical channels, transcribed once as mono.
 * - one-sided: one of two channels is silent; the other is transcribed as mono.
 */
export type ChannelLayout = 'mono' | 'stereo' | 'dual-mono' | 'one-sided';

export interface MeasuredAudio {
  /** 1 or 2: what the recording is decoded to (more channels are mixed down to stereo). */
  channels: 1 | 2;
  sampleRate: number;
  /** Decoded samples per channel: the billable length. */
  frames: number;
  /** Decoded duration in ms, rounded up (whole seconds of it are exactly ceil(frames / rate)). */
  durationMs: number;
  layout: ChannelLayout;
}

/** The recording holds more than the decode was allowed to read. */
export class LengthLimitReached extends Error {
  override name = 'LengthLimitReached';
  readonly seconds: number;

  constructor(seconds: number) {
    super(`The recording is longer than ${seconds} seconds.`);
    this.seconds = seconds;
  }
}

export const channelSpeaker = (channel: number) => `Channel ${channel + 1}`;

/**
 * Decodes the first audio track of a media file (a local file) and measures its samples as they stream out
 * of ffmpeg, writing nothing: the exact length and the channel layout. Reads at most `maxFrames` samples and
 * throws LengthLimitReached when the recording has that many, so that a file costs no more time than that
 * whatever its header claims. Fails with a MediaError a person can act on for files that cannot be decoded,
 * have no audio, or are silent.
 */
export async function measureAudio(
  inputPath: string,
  channels: 1 | 2,
  options: FfmpegOptions & { maxFrames?: number },
): Promise<MeasuredAudio> {
  const stats = new SampleStats(channels);
  await runFfmpeg(
    [...decodeInputArgs(inputPath, channels, options.maxFrames), '-f', 's16le', 'pipe:1'],
    options,
    async (stdout) => {
      for await (const chunk of stdout as AsyncIterable<Buffer>) stats.add(chunk);
    },
  ).catch((error: unknown) => {
    throw asMediaError(error);
  });
  const measured = stats.result();
  if (options.maxFrames !== undefined && measured.frames >= options.maxFrames) {
    throw new LengthLimitReached(measured.frames / SAMPLE_RATE);
  }
  if (measured.frames === 0) throw new MediaError(taskError('media_empty'));
  if (Math.max(...measured.peak) <= SILENCE_PEAK) throw new MediaError(taskError('media_silent'));
  return {
    channels,
    sampleRate: SAMPLE_RATE,
    frames: measured.frames,
    durationMs: Math.ceil((measured.frames * 1000) / SAMPLE_RATE),
    layout: layoutOf(measured),
  };
}

function layoutOf(stats: ChannelStats): ChannelLayout {
  if (stats.peak.length === 1) return 'mono';
  if (stats.peak.some((peak) => peak <= SILENCE_PEAK)) return 'one-sided';
  const level = (stats.meanAbs[0]! + stats.meanAbs[1]!) / 2;
  return stats.meanAbsDiff <= level * SAME_SIGNAL_RATIO ? 'dual-mono' : 'stereo';
}
