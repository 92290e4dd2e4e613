import { spawn } from 'node:child_process';

/** The rate recordings are decoded at to be listened to in tests. */
export const LISTEN_RATE = 16_000;

/** A media file's first audio track as mono samples (-1…1) at LISTEN_RATE, decoded by ffmpeg. */
export function decodeMono(data: Buffer): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        'pipe:0',
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        String(LISTEN_RATE),
      ].concat(['-f', 's16le', 'pipe:1']),
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not decode the media: ${stderr.slice(-300)}`));
      const pcm = Buffer.concat(chunks);
      const samples = new Float32Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
      resolve(samples);
    });
    ffmpeg.stdin.on('error', () => {});
    ffmpeg.stdin.end(data);
  });
}

/**
 * The share of a stretch's energy at `hz` (Goertzel): about 1 for a pure tone of that frequency, about 0 for
 * a sound without it. `from` and `to` in seconds.
 */
export function toneShare(samples: Float32Array, from: number, to: number, hz: number): number {
  const start = Math.max(0, Math.floor(from * LISTEN_RATE));
  const end = Math.min(samples.length, Math.floor(to * LISTEN_RATE));
  const n = end - start;
  if (n <= 0) return 0;
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / LISTEN_RATE);
  let previous = 0;
  let beforePrevious = 0;
  let energy = 0;
  for (let i = start; i < end; i++) {
    const sample = samples[i]!;
    energy += sample * sample;
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  if (energy === 0) return 0;
  const power =
    previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  // A pure sine of N samples gives power = (A·N/2)² and energy = A²·N/2: their ratio is N/2.
  return power / energy / (n / 2);
}

/** Mean square level of a stretch (seconds). */
export function level(samples: Float32Array, from: number, to: number): number {
  const start = Math.max(0, Math.floor(from * LISTEN_RATE));
  const end = Math.min(samples.length, Math.floor(to * LISTEN_RATE));
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return end > start ? sum / (end - start) : 0;
}
