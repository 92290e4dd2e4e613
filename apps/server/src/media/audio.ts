import path from 'node:path';
import { taskError } from '@parley/contracts';
import { decodeToWav, type FfmpegOptions, MediaError } from './ffmpeg.ts';
import { channelStats, extractMono, readWavInfo } from './wav.ts';

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

export interface AudioTrack {
  /** A 16 kHz mono WAV to transcribe. */
  path: string;
  /** 0 = left, 1 = right for stereo; null for mono. */
  channel: number | null;
  /** The speaker name for everything on this track ('Channel 1'), or null to keep the provider's labels. */
  speaker: string | null;
}

export interface PreparedAudio {
  /** The decoded 16 kHz 16-bit WAV with the file's channels (mono or stereo). */
  wavPath: string;
  channels: number;
  sampleRate: number;
  /** Decoded samples per channel: the billable length. */
  frames: number;
  /** Decoded duration in ms, rounded up (whole seconds of it are exactly ceil(frames / rate)). */
  durationMs: number;
  layout: ChannelLayout;
  tracks: AudioTrack[];
}

export const channelSpeaker = (channel: number) => `Channel ${channel + 1}`;

/**
 * Decodes a media file (a local file) into `workDir` and prepares the mono tracks to transcribe. Fails
 * with a MediaError a person can act on for files that cannot be decoded, have no audio, or are silent.
 * The duration comes from the decoded samples, never from the container's header.
 */
export async function prepareAudio(
  inputPath: string,
  workDir: string,
  options: FfmpegOptions,
): Promise<PreparedAudio> {
  const wavPath = path.join(workDir, 'decoded.wav');
  await decodeToWav(inputPath, wavPath, options);
  const info = await readWavInfo(wavPath);
  if (info.frames === 0) throw new MediaError(taskError('media_empty'));
  const stats = await channelStats(wavPath, info);
  if (Math.max(...stats.peak) <= SILENCE_PEAK) throw new MediaError(taskError('media_silent'));

  const base = {
    wavPath,
    channels: info.channels,
    sampleRate: info.sampleRate,
    frames: info.frames,
    durationMs: Math.ceil((info.frames * 1000) / info.sampleRate),
  };
  if (info.channels === 1) {
    return { ...base, layout: 'mono', tracks: [{ path: wavPath, channel: null, speaker: null }] };
  }

  const mono = path.join(workDir, 'mono.wav');
  const silent = stats.peak.map((peak) => peak <= SILENCE_PEAK);
  if (silent[0] || silent[1]) {
    const channel = silent[0] ? 1 : 0;
    await extractMono(wavPath, info, [{ path: mono, channel }]);
    return { ...base, layout: 'one-sided', tracks: [{ path: mono, channel: null, speaker: null }] };
  }
  const level = (stats.meanAbs[0]! + stats.meanAbs[1]!) / 2;
  if (stats.meanAbsDiff <= level * SAME_SIGNAL_RATIO) {
    await extractMono(wavPath, info, [{ path: mono, channel: 'mix' }]);
    return { ...base, layout: 'dual-mono', tracks: [{ path: mono, channel: null, speaker: null }] };
  }
  const left = path.join(workDir, 'channel-1.wav');
  const right = path.join(workDir, 'channel-2.wav');
  await extractMono(wavPath, info, [
    { path: left, channel: 0 },
    { path: right, channel: 1 },
  ]);
  return {
    ...base,
    layout: 'stereo',
    tracks: [
      { path: left, channel: 0, speaker: channelSpeaker(0) },
      { path: right, channel: 1, speaker: channelSpeaker(1) },
    ],
  };
}
