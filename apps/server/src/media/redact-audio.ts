import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import { type FfmpegOptions, runFfmpeg } from './ffmpeg.ts';

/** The rate the redacted copy is decoded and encoded at: every recording's content fits in it. */
export const REDACTED_SAMPLE_RATE = 48_000;
export const TONE_HZ = 1000;
/** The tone's level: a quarter of full scale (-12 dBFS), plainly audible, never clipping. */
export const TONE_AMPLITUDE = 0.25;
const BYTES_PER_SAMPLE = 2;

export interface MaskOptions {
  sampleRate: number;
  channels: number;
  /** 'tone' (default): a 1 kHz tone; 'silence': zeros. */
  fill?: 'tone' | 'silence';
}

/**
 * Replaces stretches of interleaved 16-bit PCM, streamed in chunks of any size, with a tone (or silence):
 * `spansMs` is [startMs, endMs, …], sorted and not overlapping. Samples outside them pass unchanged; the
 * work is one pass over the stream and the spans, however many of either, and only the toned samples are
 * touched. The tone's phase follows the sample's place in the recording, so joined stretches sound as one.
 */
export class ToneMask extends Transform {
  readonly #frameBytes: number;
  readonly #channels: number;
  readonly #rate: number;
  readonly #amplitude: number;
  /** Frame ranges [start, end) of the spans. */
  readonly #spans: number[];
  #span = 0;
  /** Frames passed so far. */
  #position = 0;
  #rest: Buffer = Buffer.alloc(0);

  constructor(spansMs: readonly number[], options: MaskOptions) {
    super();
    this.#channels = options.channels;
    this.#rate = options.sampleRate;
    this.#frameBytes = options.channels * BYTES_PER_SAMPLE;
    this.#amplitude = options.fill === 'silence' ? 0 : Math.round(TONE_AMPLITUDE * 32767);
    this.#spans = spansMs.map((ms, index) =>
      index % 2 === 0 ? Math.floor((ms * this.#rate) / 1000) : Math.ceil((ms * this.#rate) / 1000),
    );
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const data = this.#rest.length > 0 ? Buffer.concat([this.#rest, chunk]) : chunk;
    const frames = Math.floor(data.length / this.#frameBytes);
    const whole = frames * this.#frameBytes;
    this.#rest = Buffer.from(data.subarray(whole));
    if (frames === 0) {
      done();
      return;
    }
    const block = data.subarray(0, whole);
    this.#mask(block, frames);
    this.#position += frames;
    done(null, block);
  }

  override _flush(done: TransformCallback): void {
    // A half frame at the end is not a sample anyone hears: it is dropped.
    done();
  }

  #mask(block: Buffer, frames: number): void {
    const spans = this.#spans;
    const from = this.#position;
    const to = from + frames;
    while (this.#span < spans.length && spans[this.#span + 1]! <= from) this.#span += 2;
    for (let s = this.#span; s < spans.length && spans[s]! < to; s += 2) {
      const start = Math.max(from, spans[s]!);
      const end = Math.min(to, spans[s + 1]!);
      const step = (2 * Math.PI * TONE_HZ) / this.#rate;
      for (let frame = start; frame < end; frame++) {
        const value = this.#amplitude === 0 ? 0 : Math.round(this.#amplitude * Math.sin(step * frame));
        const offset = (frame - from) * this.#frameBytes;
        for (let c = 0; c < this.#channels; c++) block.writeInt16LE(value, offset + c * BYTES_PER_SAMPLE);
      }
    }
  }
}

/** The format of a redacted copy: what it is stored as and served with. */
export interface RedactedFormat {
  extension: 'mp3' | 'mp4';
  contentType: 'audio/mpeg' | 'video/mp4';
}

export const REDACTED_AUDIO: RedactedFormat = { extension: 'mp3', contentType: 'audio/mpeg' };
export const REDACTED_VIDEO: RedactedFormat = { extension: 'mp4', contentType: 'video/mp4' };

/** The name a redacted copy is served under: the upload's name with the copy's extension ('call.wav' → 'call.mp3'). */
export function redactedFileName(fileName: string, contentType: string): string {
  const format = [REDACTED_AUDIO, REDACTED_VIDEO].find((f) => f.contentType === contentType);
  if (!format) return fileName;
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}.${format.extension}`;
}

/** ffmpeg's arguments that decode the first audio track of `input` to the PCM the mask reads. */
export function maskDecodeArgs(input: string, channels: 1 | 2): string[] {
  return [
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-af',
    `aformat=sample_fmts=s16:sample_rates=${REDACTED_SAMPLE_RATE}:channel_layouts=${channels === 1 ? 'mono' : 'stereo'}`,
    '-f',
    's16le',
    'pipe:1',
  ];
}

/**
 * ffmpeg's arguments that encode the masked PCM (standard input) into the redacted copy: MP3 for a recording,
 * MP4 for a video (its picture copied as it is from `input`, the sound replaced). The arguments never grow
 * with the recording's length or its number of spans: the spans are applied to the samples, not written here.
 */
export function maskEncodeArgs(
  input: string,
  output: string,
  channels: 1 | 2,
  format: RedactedFormat,
): string[] {
  const pcm = ['-f', 's16le', '-ar', String(REDACTED_SAMPLE_RATE), '-ac', String(channels), '-i', 'pipe:0'];
  if (format.extension === 'mp3') {
    return ['-y', ...pcm, '-map', '0:a:0', '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', output];
  }
  return [
    '-y',
    '-i',
    input,
    ...pcm,
    '-map',
    '0:v:0?',
    '-map',
    '1:a:0',
    '-c:v',
    'copy',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * Writes `output`: the first audio track of `input` with each span of `spansMs` replaced by a 1 kHz tone (or
 * silence), in `format`. One ffmpeg decodes, the mask rewrites the samples as they stream, another ffmpeg
 * encodes; a failure of either stops both.
 */
export async function writeRedactedCopy(
  input: string,
  output: string,
  spansMs: readonly number[],
  audio: { channels: 1 | 2; format: RedactedFormat; fill?: 'tone' | 'silence' },
  options: FfmpegOptions,
): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const run = { ...options, signal };
  const pcm = new PassThrough({ highWaterMark: 1 << 20 });
  const mask = new ToneMask(spansMs, {
    sampleRate: REDACTED_SAMPLE_RATE,
    channels: audio.channels,
    fill: audio.fill,
  });
  const failed = (error: unknown) => {
    stop.abort(error);
    pcm.destroy();
    throw error;
  };
  await Promise.all([
    runFfmpeg(maskDecodeArgs(input, audio.channels), run, (stdout) => pipeStreams(stdout, mask, pcm)).catch(
      failed,
    ),
    runFfmpeg(maskEncodeArgs(input, output, audio.channels, audio.format), run, undefined, pcm).catch(failed),
  ]);
}
