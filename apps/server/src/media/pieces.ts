import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type ChannelLayout, channelSpeaker } from './audio.ts';
import { asMediaError, decodeFilter, type FfmpegOptions, runFfmpeg } from './ffmpeg.ts';

/**
 * What goes to the transcription providers: FLAC (which OpenAI, Groq, Deepgram and AssemblyAI all take), mono,
 * 16 kHz: lossless, so the provider hears what a WAV would give it, at about half its size for speech and
 * never more (at most 32 KB a second: a piece of the longest TRANSCRIPTION_CHUNK_SECONDS, 780 s, stays under
 * the providers' 25 MB). Encoding it costs about a fortieth of the CPU of Opus at the same speech.
 */
export const PIECE_FORMAT = { extension: '.flac', contentType: 'audio/flac' } as const;
// Frames of 20 ms (320 samples, not the encoder's 72 ms): pieces are cut between frames, so each starts within
// 20 ms of its offset.
const PIECE_CODEC = ['-c:a', 'flac', '-frame_size', '320'];

export interface AudioPiece {
  path: string;
  /** Where the piece starts in the whole recording, in seconds. */
  offsetSeconds: number;
}

export interface AudioTrack {
  /** 0 = left, 1 = right for stereo; null for mono. */
  channel: number | null;
  /** The speaker name for everything on this track ('Channel 1'), or null to keep the provider's labels. */
  speaker: string | null;
  pieces: AudioPiece[];
}

/** The mono signal transcribed per track: one channel, or both channels as one. */
function trackSignals(layout: ChannelLayout): Array<{ channel: number | null; pan: string }> {
  switch (layout) {
    case 'mono':
      return [{ channel: null, pan: 'c0=c0' }];
    case 'stereo':
      return [
        { channel: 0, pan: 'c0=c0' },
        { channel: 1, pan: 'c0=c1' },
      ];
    case 'dual-mono':
      return [{ channel: null, pan: 'c0=0.5*c0+0.5*c1' }];
    // The silent side adds nothing audible (below SILENCE_PEAK): the sum is the other side as it is.
    case 'one-sided':
      return [{ channel: null, pan: 'c0=c0+c1' }];
  }
}

/** Whether a track of this layout carries more than one speaker (the provider tells them apart, if it can). */
export const hasSharedTrack = (layout: ChannelLayout): boolean =>
  trackSignals(layout).some((signal) => signal.channel === null);

/**
 * Encodes the first `frames` samples of a recording (the decoded length the task is billed for) into the
 * tracks to transcribe, each cut into pieces of `chunkSeconds` (the last one shorter), in one ffmpeg run
 * into `dir`.
 */
export async function encodePieces(
  inputPath: string,
  audio: { channels: 1 | 2; frames: number; layout: ChannelLayout },
  chunkSeconds: number,
  dir: string,
  options: FfmpegOptions,
): Promise<AudioTrack[]> {
  const signals = trackSignals(audio.layout);
  const split = signals.map((_, t) => `[s${t}]`).join('');
  const graph = [
    `[0:a:0]${decodeFilter(audio.channels, audio.frames)},asplit=${signals.length}${split}`,
    ...signals.map(({ pan }, t) => `[s${t}]pan=mono|${pan}[t${t}]`),
  ].join(';');
  const piecePath = (track: number, index: number | '%d') =>
    path.join(dir, `track-${track}-piece-${index}${PIECE_FORMAT.extension}`);
  const outputs = signals.flatMap((_, t) => [
    ...['-map', `[t${t}]`, ...PIECE_CODEC],
    ...['-f', 'segment', '-segment_time', String(chunkSeconds), '-reset_timestamps', '1', piecePath(t, '%d')],
  ]);
  await runFfmpeg(['-y', '-i', inputPath, '-filter_complex', graph, ...outputs], options).catch(
    (error: unknown) => {
      throw asMediaError(error);
    },
  );
  const files = await readdir(dir);
  return signals.map(({ channel }, t) => {
    const count = files.filter((name) => name.startsWith(`track-${t}-piece-`)).length;
    return {
      channel,
      speaker: channel === null ? null : channelSpeaker(channel),
      pieces: Array.from({ length: count }, (_, index) => ({
        path: piecePath(t, index),
        offsetSeconds: index * chunkSeconds,
      })),
    };
  });
}
