/**
 * Audio redaction bench: how long writing a recording's redacted copy (a 1 kHz tone over each redacted span,
 * media/redact-audio.ts, real ffmpeg) takes against the recording's length. Goal (issue 34): at most 0.2 × real
 * time on this machine.
 *
 *   npm run bench:audio-redaction -w @parley/server
 *   BENCH_MINUTES=5,30 BENCH_SPANS=10000 npm run bench:audio-redaction -w @parley/server
 *
 * For each length (BENCH_MINUTES, default 5 and 30): a stereo 64 kb/s MP3 call (two tones with noise, made once
 * by ffmpeg), redacted with a card number (4 s) every two minutes, as the pipeline does it (decode, mask, encode
 * to MP3); then the longest again with BENCH_SPANS (default 10,000) short spans, the worst case of a long
 * call full of numbers. Printed: wall time, its share of the recording's length, and the copy's size.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REDACTED_AUDIO, writeRedactedCopy } from '../apps/server/src/media/redact-audio.ts';
import { audioSpans, wordTimings } from '../apps/server/src/modules/privacy/audio-spans.ts';

const MINUTES = (process.env.BENCH_MINUTES ?? '5,30').split(',').map(Number);
const MANY_SPANS = Number(process.env.BENCH_SPANS ?? 10_000);
const GOAL = 0.2;
const run = promisify(execFile);

async function makeCall(dir: string, minutes: number): Promise<string> {
  const file = path.join(dir, `call-${minutes}min.mp3`);
  const seconds = minutes * 60;
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=f=220:r=16000:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=c=pink:r=16000:a=0.05:d=${seconds}`,
    '-filter_complex',
    '[0:a][1:a]amerge=inputs=2[a]',
    '-map',
    '[a]',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    file,
  ]);
  return file;
}

/** The spans as the transcription stage makes them: from words, through audioSpans. */
function spansEvery(
  seconds: number,
  everySeconds: number,
  lengthSeconds: number,
  padding?: number,
): number[] {
  const segments = [];
  const spans = [];
  for (let at = 10; at + lengthSeconds < seconds; at += everySeconds) {
    const text = 'my card is 4111 1111 1111 1111';
    const digits = text.indexOf('4111');
    const words = text.split(' ').map((word, i, all) => ({
      text: word,
      start: at + (lengthSeconds * i) / all.length,
      end: at + (lengthSeconds * (i + 1)) / all.length,
    }));
    segments.push({ start: at, end: at + lengthSeconds, text, timings: wordTimings(text, words) });
    spans.push({ segment: segments.length - 1, start: digits, end: text.length });
  }
  return audioSpans(segments, spans, seconds, padding);
}

async function measure(label: string, input: string, output: string, seconds: number, spans: number[]) {
  const started = performance.now();
  await writeRedactedCopy(
    input,
    output,
    spans,
    { channels: 2, format: REDACTED_AUDIO },
    { ffmpegPath: 'ffmpeg' },
  );
  const wall = (performance.now() - started) / 1000;
  const share = wall / seconds;
  const size = (await stat(output)).size;
  console.log(
    `${label.padEnd(38)} ${String(spans.length / 2).padStart(6)} spans  ${wall.toFixed(1).padStart(6)} s  ` +
      `${share.toFixed(3)} × real time ${share <= GOAL ? 'ok' : `OVER the goal ${GOAL}`}  ${(size / 1e6).toFixed(1)} MB`,
  );
  return share;
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-audio-redaction-'));
  try {
    console.log(`Audio redaction (goal: ≤ ${GOAL} × real time; 48 kHz stereo MP3 out)`);
    let worst = 0;
    for (const minutes of MINUTES) {
      const input = await makeCall(dir, minutes);
      const seconds = minutes * 60;
      worst = Math.max(
        worst,
        await measure(
          `${minutes}-minute call, a card every 2 min`,
          input,
          path.join(dir, 'out.mp3'),
          seconds,
          spansEvery(seconds, 120, 4),
        ),
      );
      if (minutes === Math.max(...MINUTES)) {
        const every = seconds / (MANY_SPANS + 1);
        worst = Math.max(
          worst,
          await measure(
            `${minutes}-minute call, ${MANY_SPANS} short spans`,
            input,
            path.join(dir, 'out.mp3'),
            seconds,
            // Unpadded, so that they stay apart: the most spans the mask can be given.
            spansEvery(seconds, every, every / 2, 0),
          ),
        );
      }
    }
    console.log(`Worst: ${worst.toFixed(3)} × real time (${worst <= GOAL ? 'meets' : 'misses'} the goal)`);
    if (worst > GOAL) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
