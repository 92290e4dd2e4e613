import { spawn } from 'node:child_process';
import { type TaskError, taskError, taskErrorText } from '@parley/contracts';
import { SAMPLE_RATE } from './wav.ts';

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

/** Runs ffmpeg with `args`; rejects with the last lines it wrote to stderr when it fails. */
export function runFfmpeg(args: string[], options: FfmpegOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath, ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      done();
      reject(
        error.code === 'ENOENT'
          ? new MediaError(taskError('ffmpeg_missing', { path: options.ffmpegPath }))
          : error,
      );
    });
    child.on('close', (code) => {
      done();
      if (timedOut)
        return reject(new MediaError(taskError('ffmpeg_timeout', { seconds: Math.round(timeoutMs / 1000) })));
      if (options.signal?.aborted) return reject(options.signal.reason ?? new Error('Aborted'));
      if (code === 0) return resolve();
      reject(new FfmpegFailure(code, stderr));
    });
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

/**
 * Decodes the first audio track of any media file ffmpeg reads (video tracks are ignored) to a 16 kHz
 * 16-bit PCM WAV, keeping mono as mono and stereo as stereo (more channels are mixed down to stereo).
 * The input must be a file: mp4/m4a with the index at the end cannot be read from a pipe.
 */
export async function decodeToWav(
  inputPath: string,
  outputPath: string,
  options: FfmpegOptions,
): Promise<void> {
  try {
    await runFfmpeg(
      [
        '-y',
        '-i',
        inputPath,
        '-map',
        '0:a:0',
        '-vn',
        '-sn',
        '-dn',
        '-af',
        `aformat=sample_fmts=s16:sample_rates=${SAMPLE_RATE}:channel_layouts=mono|stereo`,
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        outputPath,
      ],
      options,
    );
  } catch (error) {
    if (error instanceof FfmpegFailure) {
      if (/matches no streams/i.test(error.stderr)) throw new MediaError(taskError('media_no_audio'));
      const detail = lastLine(error.stderr);
      throw new MediaError(
        detail ? taskError('media_undecodable_detail', { detail }) : taskError('media_undecodable'),
      );
    }
    throw error;
  }
}
