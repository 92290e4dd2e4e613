import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { taskError, taskErrorText } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaFixture, makeSpeechFixtures, type SpeechFixtures } from '../../test/fixtures/speech.ts';
import { prepareAudio } from './audio.ts';
import { MediaError } from './ffmpeg.ts';
import { parseTextConversation, TEXT_ERRORS } from './text-conversation.ts';
import { channelStats, readWavInfo, splitWav } from './wav.ts';

let fixtures: SpeechFixtures;
let work: string;
const ffmpegPath = 'ffmpeg';

beforeAll(async () => {
  fixtures = await makeSpeechFixtures();
  work = await mkdtemp(path.join(tmpdir(), 'parley-media-test-'));
}, 120_000);
afterAll(async () => {
  await fixtures?.cleanup();
  await rm(work, { recursive: true, force: true });
});

let counter = 0;
async function decode(fixture: MediaFixture) {
  counter += 1;
  const dir = path.join(work, String(counter));
  await import('node:fs/promises').then((fs) => fs.mkdir(dir));
  return prepareAudio(fixture.path, dir, { ffmpegPath });
}

async function containerSeconds(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}

describe('decoding with ffmpeg', () => {
  const cases: Array<[string, (f: SpeechFixtures) => MediaFixture]> = [
    ['mono mp3', (f) => f.mono.mp3],
    ['mono m4a (index at the end)', (f) => f.mono.m4a],
    ['mono ogg', (f) => f.mono.ogg],
    ['mono wav', (f) => f.mono.wav],
    ['mono webm', (f) => f.mono.webm],
    ['mp4 with a longer video track', (f) => f.mono.mp4],
    ['stereo wav', (f) => f.stereo.wav],
    ['stereo mp3', (f) => f.stereo.mp3],
    ['stereo m4a', (f) => f.stereo.m4a],
  ];
  it.each(cases)('%s: duration from the decoded samples (within 50 ms) and its channels', async (_, pick) => {
    const fixture = pick(fixtures);
    const audio = await decode(fixture);
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.channels).toBe(fixture.channels);
    expect(Math.abs(audio.frames / 16_000 - fixture.seconds)).toBeLessThan(0.05);
    expect(audio.durationMs).toBe(Math.ceil((audio.frames * 1000) / 16_000));
    const info = await readWavInfo(audio.wavPath);
    expect(info.frames).toBe(audio.frames);
  });

  it('ignores a video track longer than the audio', async () => {
    expect(await containerSeconds(fixtures.mono.mp4.path)).toBeGreaterThan(fixtures.mono.mp4.seconds + 1);
    const audio = await decode(fixtures.mono.mp4);
    expect(Math.abs(audio.frames / 16_000 - fixtures.mono.mp4.seconds)).toBeLessThan(0.05);
  });

  it('a truncated file counts what is really there, not what its header claims', async () => {
    // The mp3's Xing header still says 7 s; 40 % of the bytes hold about 2.8 s.
    expect(await containerSeconds(fixtures.truncatedMp3.path)).toBeGreaterThan(6.9);
    const audio = await decode(fixtures.truncatedMp3);
    expect(Math.abs(audio.frames / 16_000 - fixtures.truncatedMp3.seconds)).toBeLessThan(0.15);
  });

  it('stereo with two voices is transcribed per channel, speakers named by channel', async () => {
    const audio = await decode(fixtures.stereo.wav);
    expect(audio.layout).toBe('stereo');
    expect(audio.tracks.map((t) => [t.channel, t.speaker])).toEqual([
      [0, 'Channel 1'],
      [1, 'Channel 2'],
    ]);
    // The left track holds the agent (from 0.2 s), the right the customer (from 4 s).
    const early = async (file: string) => {
      const info = await readWavInfo(file);
      const pieces = await splitWav(file, 3.5, (i) => `${file}.${i}.wav`);
      const stats = await Promise.all(
        pieces.map(async (p) => channelStats(p.path, await readWavInfo(p.path))),
      );
      expect(info.channels).toBe(1);
      return stats.map((s) => s.meanAbs[0]!);
    };
    const [leftFirst, leftSecond] = await early(audio.tracks[0]!.path);
    const [rightFirst, rightSecond] = await early(audio.tracks[1]!.path);
    expect(leftFirst!).toBeGreaterThan(leftSecond! * 5);
    expect(rightSecond!).toBeGreaterThan(rightFirst! * 5);
  });

  it('identical channels are one signal (dual mono): transcribed once, without channel names', async () => {
    const audio = await decode(fixtures.dualMono);
    expect(audio.channels).toBe(2);
    expect(audio.layout).toBe('dual-mono');
    expect(audio.tracks).toHaveLength(1);
    expect(audio.tracks[0]!.speaker).toBeNull();
  });

  it.each([
    ['a fake (renamed text) file', (f: SpeechFixtures) => f.fake, /could not be decoded as audio or video/],
    [
      'an mp4 whose index was cut off',
      (f: SpeechFixtures) => f.truncatedMp4,
      /could not be decoded.*moov atom not found/,
    ],
    ['a silent recording', (f: SpeechFixtures) => f.silent, /^The recording is silent/],
    ['a video without audio', (f: SpeechFixtures) => f.videoOnly, /^The file has no audio track\.$/],
  ])('%s fails with a clear reason', async (_, pick, reason) => {
    const error = await decode(pick(fixtures)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain(fixtures.dir);
  });

  it('names ffmpeg when it is missing', async () => {
    const error = await prepareAudio(fixtures.mono.wav.path, work, {
      ffmpegPath: '/nonexistent/ffmpeg',
    }).catch((e: unknown) => e);
    expect((error as MediaError).reason).toEqual(
      taskError('ffmpeg_missing', { path: '/nonexistent/ffmpeg' }),
    );
    expect((error as Error).message).toBe(
      'ffmpeg was not found (/nonexistent/ffmpeg). Install ffmpeg (Debian package ffmpeg) or set FFMPEG_PATH on the server.',
    );
  });

  it('cuts long audio into pieces of at most the chunk length, with their offsets', async () => {
    const audio = await decode(fixtures.mono.wav);
    const pieces = await splitWav(audio.wavPath, 3, (i) => path.join(work, `split-${i}.wav`));
    expect(pieces.map((p) => p.offsetSeconds)).toEqual([0, 3, 6]);
    const frames = await Promise.all(pieces.map(async (p) => (await readWavInfo(p.path)).frames));
    expect(frames.slice(0, 2)).toEqual([48_000, 48_000]);
    expect(frames.reduce((a, b) => a + b, 0)).toBe(audio.frames);
    expect(await splitWav(audio.wavPath, 600, () => 'unused')).toEqual([
      { path: audio.wavPath, offsetSeconds: 0 },
    ]);
  });
});

describe('text conversations', () => {
  it('reads a JSON chat export with speaker/author/role, text/message/content and optional times', () => {
    const json = JSON.stringify([
      { speaker: 'Ann', text: 'Hello!', time: 0 },
      { author: 'Bob', message: 'Hi, what does it cost?', time: '0:05' },
      { role: 'assistant', content: [{ type: 'text', text: 'Ten dollars.' }] },
      { speaker: 'Ann', text: '   ' },
    ]);
    expect(parseTextConversation(json, 'chat.json')).toEqual([
      { speaker: 'Ann', text: 'Hello!', start: 0, end: 0 },
      { speaker: 'Bob', text: 'Hi, what does it cost?', start: 5, end: 5 },
      { speaker: 'assistant', text: 'Ten dollars.', start: null, end: null },
    ]);
  });

  it('turns dates into seconds from the first message, and finds messages under a key', () => {
    const json = JSON.stringify({
      messages: [
        { from: 'Ann', body: 'One', date: '2026-01-01T10:00:00Z' },
        { from: 'Bob', body: 'Two', date: '2026-01-01T10:01:30Z' },
      ],
    });
    expect(parseTextConversation(json, 'export.json').map((s) => s.start)).toEqual([0, 90]);
  });

  it('reads Speaker: text lines, with optional times and continuation lines', () => {
    const text =
      '\uFEFF[00:01] Agent: Good morning.\nHow can I help?\n\n00:07 Customer: My panel is broken.\nno speaker here';
    expect(parseTextConversation(text, 'chat.txt')).toEqual([
      { speaker: 'Agent', text: 'Good morning.\nHow can I help?', start: 1, end: 1 },
      { speaker: 'Customer', text: 'My panel is broken.\nno speaker here', start: 7, end: 7 },
    ]);
  });

  it('refuses empty conversations and JSON that is not a chat', () => {
    expect(() => parseTextConversation('  \n ', 'a.txt')).toThrow(taskErrorText(TEXT_ERRORS.empty));
    expect(() => parseTextConversation('{"a": 1}', 'a.json')).toThrow(taskErrorText(TEXT_ERRORS.badJson));
    expect(() => parseTextConversation('{nope', 'a.json')).toThrow(taskErrorText(TEXT_ERRORS.badJson));
  });
});
