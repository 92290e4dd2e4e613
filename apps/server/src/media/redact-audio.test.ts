import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMono, toneShare } from '../../test/tone.ts';
import {
  maskDecodeArgs,
  maskEncodeArgs,
  REDACTED_AUDIO,
  REDACTED_VIDEO,
  redactedFileName,
  TONE_AMPLITUDE,
  ToneMask,
  writeRedactedCopy,
} from './redact-audio.ts';

const run = promisify(execFile);
let work: string;
const tools = { ffmpegPath: 'ffmpeg' };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'parley-redact-audio-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Streams `pcm` through a mask in chunks of `size` bytes (odd sizes split samples and frames). */
async function masked(pcm: Buffer, spans: number[], size: number, channels = 1, sampleRate = 1000) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < pcm.length; at += size) chunks.push(pcm.subarray(at, at + size));
  const mask = new ToneMask(spans, { sampleRate, channels });
  const out: Buffer[] = [];
  Readable.from(chunks).pipe(mask);
  for await (const chunk of mask) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe('the tone mask', () => {
  // 8000 samples a second: sample n is at n / 8 ms.
  const original = Buffer.alloc(2 * 2 * 1000);
  for (let i = 0; i < 2000; i++) original.writeInt16LE(1000 + (i % 7), i * 2);
  const amplitude = Math.round(TONE_AMPLITUDE * 32767);

  it.each([1, 3, 7, 4000])('replaces exactly the spans, whatever the chunks (%i bytes)', async (size) => {
    const out = await masked(original, [10, 20, 50, 51.25], size, 2, 8000);
    expect(out.length).toBe(original.length);
    for (let frame = 0; frame < 1000; frame++) {
      const inside = (frame >= 80 && frame < 160) || (frame >= 400 && frame < 410);
      for (let c = 0; c < 2; c++) {
        const at = (frame * 2 + c) * 2;
        if (inside) {
          const expected = Math.round(amplitude * Math.sin((2 * Math.PI * 1000 * frame) / 8000)) | 0;
          expect(out.readInt16LE(at)).toBe(expected);
        } else expect(out.readInt16LE(at)).toBe(original.readInt16LE(at));
      }
    }
  });

  it('names a copy after the upload with its own extension', () => {
    expect(redactedFileName('call.wav', 'audio/mpeg')).toBe('call.mp3');
    expect(redactedFileName('team.call.webm', 'video/mp4')).toBe('team.call.mp4');
    expect(redactedFileName('recording', 'audio/mpeg')).toBe('recording.mp3');
    expect(redactedFileName('call.wav', 'audio/wav')).toBe('call.wav');
  });

  it('writes silence when asked', async () => {
    const mask = new ToneMask([0, 1000], { sampleRate: 1000, channels: 1, fill: 'silence' });
    const out: Buffer[] = [];
    Readable.from([original.subarray(0, 2000)]).pipe(mask);
    for await (const chunk of mask) out.push(chunk as Buffer);
    expect(Buffer.concat(out).every((byte) => byte === 0)).toBe(true);
  });

  it('passes a stream without spans unchanged', async () => {
    expect((await masked(original, [], 333)).equals(original)).toBe(true);
  });
});

describe('the ffmpeg arguments', () => {
  it('do not grow with the spans or the length: the spans are applied to the samples', () => {
    const decode = maskDecodeArgs('in.wav', 2);
    expect(decode).toContain('pipe:1');
    expect(decode.join(' ')).toContain('sample_rates=48000:channel_layouts=stereo');
    const audio = maskEncodeArgs('in.wav', 'out.mp3', 1, REDACTED_AUDIO);
    expect(audio).toEqual(expect.arrayContaining(['pipe:0', 'libmp3lame', 'out.mp3']));
    expect(audio).not.toContain('in.wav');
    const video = maskEncodeArgs('in.mp4', 'out.mp4', 2, REDACTED_VIDEO);
    // The picture comes from the upload, copied; the sound from the masked samples.
    expect(video.join(' ')).toContain(
      '-i in.mp4 -f s16le -ar 48000 -ac 2 -i pipe:0 -map 0:v:0? -map 1:a:0 -c:v copy',
    );
  });
});

describe('a redacted copy', () => {
  it('has the tone inside the spans and the recording outside them (real ffmpeg)', async () => {
    const input = path.join(work, 'speech.wav');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=6',
      '-ac',
      '2',
      input,
    ]);
    const output = path.join(work, 'redacted.mp3');
    await writeRedactedCopy(input, output, [2000, 4000], { channels: 2, format: REDACTED_AUDIO }, tools);
    const samples = await decodeMono(await readFile(output));
    expect(samples.length / 16_000).toBeCloseTo(6, 0);
    expect(toneShare(samples, 2.1, 3.9, 1000)).toBeGreaterThan(0.8);
    expect(toneShare(samples, 2.1, 3.9, 440)).toBeLessThan(0.05);
    for (const [from, to] of [
      [0.2, 1.8],
      [4.2, 5.8],
    ] as const) {
      expect(toneShare(samples, from, to, 440)).toBeGreaterThan(0.8);
      expect(toneShare(samples, from, to, 1000)).toBeLessThan(0.05);
    }
  });

  it('keeps a video picture and replaces its sound', async () => {
    const input = path.join(work, 'clip.mp4');
    await run(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=3'].concat([
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=3',
        '-c:v',
        'libx264',
        '-c:a',
        'aac',
        '-shortest',
        input,
      ]),
    );
    const output = path.join(work, 'clip-redacted.mp4');
    await writeRedactedCopy(input, output, [1000, 2000], { channels: 1, format: REDACTED_VIDEO }, tools);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv=p=0',
      output,
    ]);
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(['audio', 'video']);
    const samples = await decodeMono(await readFile(output));
    expect(toneShare(samples, 1.1, 1.9, 1000)).toBeGreaterThan(0.8);
  });

  it("fails with ffmpeg's reason for a file it cannot decode", async () => {
    const input = path.join(work, 'broken.mp3');
    await run('sh', ['-c', `printf 'not audio at all' > ${input}`]);
    await expect(
      writeRedactedCopy(
        input,
        path.join(work, 'never.mp3'),
        [0, 500],
        { channels: 1, format: REDACTED_AUDIO },
        tools,
      ),
    ).rejects.toThrow(/ffmpeg exited/);
  });
});
