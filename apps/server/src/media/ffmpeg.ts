import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { type TaskError, taskError, taskErrorText } from '@parley/contracts';
import { SAMPLE_RATE } from './samples.ts';

/** A media problem that no retry fixes (corrupt, silent, no audio): the task fails with this reason. */
export class MediaError extends Error {
  override name = 'MediaError';
  readonly reason: TaskError;

  constructor(reason: TaskError) {
    super(taskErrorText(reason));
    this.reason = reason;
  }
}

export interface FfmpegOptions {
  ffmpegPath: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ToolRun {
  /** The program (ffmpeg, ffprobe) and the reason given when it is not there. */
  path: string;
  missing: TaskError;
  args: string[];
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Reads the program's standard output as it comes (without it, the output is ignored). */
  output?: (stdout: Readable) => Promise<void>;
  /** What the program reads on its standard input (without it, nothing). */
  input?: Readable;
}

/**
 * Runs ffmpeg or ffprobe; rejects with the last lines it wrote to stderr when it fails, with the error of
 * `output` when reading failed (the program is then stopped), or with a MediaError when it is missing or
 * ran past its time.
 */
export function runTool(tool: ToolRun): Promise<void> {
  const timeoutMs = tool.timeoutMs ?? 30 * 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, tool.args, {
      stdio: [tool.input ? 'pipe' : 'ignore', tool.output ? 'pipe' : 'ignore', 'pipe'],
    });
    if (tool.input) {
      // A program that stops reading (it failed) says why when it closes; the input's own failure stops it.
      child.stdin!.on('error', () => {});
      tool.input.on('error', () => child.kill('SIGKILL'));
      tool.input.pipe(child.stdin!);
    }
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    let readError: unknown = null;
    const reading = tool.output
      ? tool.output(child.stdout!).catch((error: unknown) => {
          readError = error;
          child.kill('SIGKILL');
        })
      : Promise.resolve();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const abort = () => child.kill('SIGKILL');
    tool.signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      clearTimeout(timer);
      tool.signal?.removeEventListener('abort', abort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      done();
      reject(error.code === 'ENOENT' ? new MediaError(tool.missing) : error);
    });
    child.on('close', async (code) => {
      done();
      await reading;
      if (readError) return reject(readError);
      if (timedOut)
        return reject(new MediaError(taskError('ffmpeg_timeout', { seconds: Math.round(timeoutMs / 1000) })));
      if (tool.signal?.aborted) return reject(tool.signal.reason ?? new Error('Aborted'));
      if (code === 0) return resolve();
      reject(new FfmpegFailure(code, stderr));
    });
  });
}

/** Runs ffmpeg with `args` (see runTool). */
export function runFfmpeg(
  args: string[],
  options: FfmpegOptions,
  output?: (stdout: Readable) => Promise<void>,
  input?: Readable,
): Promise<void> {
  return runTool({
    path: options.ffmpegPath,
    missing: taskError('ffmpeg_missing', { path: options.ffmpegPath }),
    args: [...(input ? [] : ['-nostdin']), '-hide_banner', '-loglevel', 'error', ...args],
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    output,
    input,
  });
}

export class FfmpegFailure extends Error {
  override name = 'FfmpegFailure';
  readonly code: number | null;
  readonly stderr: string;

  constructor(code: number | null, stderr: string) {
    super(`ffmpeg exited with ${code}: ${lastLine(stderr)}`);
    this.code = code;
    this.stderr = stderr;
  }
}

/** The most telling line of ffmpeg's error output, without the stream prefix and machine paths. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line =
    lines.find((l) => /moov atom|Invalid data|matches no streams|does not contain any stream/i.test(l)) ??
    lines.at(-1) ??
    '';
  return line
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/(\/[^\s:]+)+:\s*/g, '')
    .slice(0, 200);
}

/** A failed ffmpeg or ffprobe run as the reason a person reads: no audio, or undecodable (with ffmpeg's words). */
export function asMediaError(error: unknown): unknown {
  if (!(error instanceof FfmpegFailure)) return error;
  if (/matches no streams/i.test(error.stderr)) return new MediaError(taskError('media_no_audio'));
  const detail = lastLine(error.stderr);
  return new MediaError(
    detail ? taskError('media_undecodable_detail', { detail }) : taskError('media_undecodable'),
  );
}

/**
 * The filters that make the first audio track 16 kHz 16-bit mono or stereo (more channels are mixed down to
 * stereo), cut after `frames` samples when given: every decode reads the recording the same way.
 */
export function decodeFilter(channels: 1 | 2, frames?: number): string {
  const format = `aformat=sample_fmts=s16:sample_rates=${SAMPLE_RATE}:channel_layouts=${channels === 1 ? 'mono' : 'stereo'}`;
  return frames === undefined ? format : `${format},atrim=end_sample=${frames}`;
}

/** ffmpeg's arguments that read the first audio track of `inputPath` (no video, subtitles or data) as decodeFilter says. */
export function decodeInputArgs(inputPath: string, channels: 1 | 2, frames?: number): string[] {
  return ['-i', inputPath, '-map', '0:a:0', '-vn', '-sn', '-dn', '-af', decodeFilter(channels, frames)];
}

/**
 * Decodes the first `frames` samples of the first audio track of a media file (video tracks are ignored) to
 * a 16 kHz 16-bit PCM WAV of `channels`. The input must be a file: mp4/m4a with the index at the end cannot
 * be read from a pipe.
 */
export async function decodeToWav(
  inputPath: string,
  outputPath: string,
  audio: { channels: 1 | 2; frames: number },
  options: FfmpegOptions,
): Promise<void> {
  await runFfmpeg(
    [
      '-y',
      ...decodeInputArgs(inputPath, audio.channels, audio.frames),
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      outputPath,
    ],
    options,
  ).catch((error: unknown) => {
    throw asMediaError(error);
  });
}
