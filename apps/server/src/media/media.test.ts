import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { taskError, taskErrorText } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flacStream } from '../../test/fixtures/flac.ts';
import { type LongRecordings, makeLongRecordings } from '../../test/fixtures/long-audio.ts';
import { type MediaFixture, makeSpeechFixtures, type SpeechFixtures } from '../../test/fixtures/speech.ts';
import { LengthLimitReached, measureAudio } from './audio.ts';
import { decodeFilter, MediaError, runFfmpeg } from './ffmpeg.ts';
import { encodePieces } from './pieces.ts';
import { probeMedia } from './probe.ts';
import { SampleStats } from './samples.ts';
import { parseTextConversation, TEXT_ERRORS } from './text-conversation.ts';

let fixtures: SpeechFixtures;
let long: LongRecordings;
let work: string;
const tools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

beforeAll(async () => {
  [fixtures, long] = await Promise.all([makeSpeechFixtures(), makeLongRecordings(0.1)]);
  work = await mkdtemp(path.join(tmpdir(), 'parley-media-test-'));
}, 120_000);
afterAll(async () => {
  await Promise.all([fixtures?.cleanup(), long?.cleanup()]);
  await rm(work, { recursive: true, force: true });
});

/** What the pipeline does before paying anyone: read the header, then measure the decoded samples. */
async function measure(fixture: MediaFixture, maxFrames?: number) {
  const probe = await probeMedia(fixture.path, tools);
  return measureAudio(fixture.path, probe.channels === 1 ? 1 : 2, { ...tools, maxFrames });
}

let counter = 0;
async function piecesOf(fixture: MediaFixture, chunkSeconds: number) {
  const audio = await measure(fixture);
  counter += 1;
  const dir = path.join(work, String(counter));
  await mkdir(dir);
  return { audio, tracks: await encodePieces(fixture.path, audio, chunkSeconds, dir, tools) };
}

/** The decoded samples of a file (a piece), as the pipeline's decode reads them. */
async function levels(file: string) {
  const stats = new SampleStats(1);
  await runFfmpeg(['-i', file, '-af', decodeFilter(1), '-f', 's16le', 'pipe:1'], tools, async (stdout) => {
    for await (const chunk of stdout as AsyncIterable<Buffer>) stats.add(chunk);
  });
  return stats.result();
}

const claimed = async (file: string) => (await probeMedia(file, tools)).durationSeconds;

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
    expect((await probeMedia(fixture.path, tools)).channels).toBe(fixture.channels);
    const audio = await measure(fixture);
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.channels).toBe(fixture.channels);
    expect(Math.abs(audio.frames / 16_000 - fixture.seconds)).toBeLessThan(0.05);
    expect(audio.durationMs).toBe(Math.ceil((audio.frames * 1000) / 16_000));
  });

  it('ignores a video track longer than the audio', async () => {
    expect(await containerSeconds(fixtures.mono.mp4.path)).toBeGreaterThan(fixtures.mono.mp4.seconds + 1);
    expect(await claimed(fixtures.mono.mp4.path)).toBeCloseTo(fixtures.mono.mp4.seconds, 1);
    const audio = await measure(fixtures.mono.mp4);
    expect(Math.abs(audio.frames / 16_000 - fixtures.mono.mp4.seconds)).toBeLessThan(0.05);
  });

  it('a truncated file counts what is really there, not what its header claims', async () => {
    // The mp3's Xing header still says 7 s; 40 % of the bytes hold about 2.8 s.
    expect(await containerSeconds(fixtures.truncatedMp3.path)).toBeGreaterThan(6.9);
    expect(await claimed(fixtures.truncatedMp3.path)).toBeGreaterThan(6.9);
    const audio = await measure(fixtures.truncatedMp3);
    expect(Math.abs(audio.frames / 16_000 - fixtures.truncatedMp3.seconds)).toBeLessThan(0.15);
  });

  it('stops decoding at the limit it is given, whatever the header says', async () => {
    const lying = { ...fixtures.mono.ogg, path: long.lyingOgg };
    const noDuration = { ...fixtures.mono.webm, path: long.noDurationWebm };
    expect(await claimed(lying.path)).toBeCloseTo(60, 0);
    expect(await claimed(noDuration.path)).toBeNull();
    for (const fixture of [lying, noDuration]) {
      const error = await measure(fixture, 90 * 16_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LengthLimitReached);
      expect((error as LengthLimitReached).seconds).toBe(90);
    }
    // A claim no price can be put on is no claim.
    expect(await claimed(long.absurdOgg)).toBeNull();
    // Within the limit, the whole recording.
    const audio = await measure({ ...fixtures.mono.ogg, path: long.opus }, 3600 * 16_000);
    expect(Math.round(audio.frames / 16_000)).toBe(360);
  });

  it('stereo with two voices is transcribed per channel, speakers named by channel', async () => {
    const { audio, tracks } = await piecesOf(fixtures.stereo.wav, 3.5);
    expect(audio.layout).toBe('stereo');
    expect(tracks.map((t) => [t.channel, t.speaker])).toEqual([
      [0, 'Channel 1'],
      [1, 'Channel 2'],
    ]);
    // The left track holds the agent (from 0.2 s), the right the customer (from 4 s).
    const early = (track: (typeof tracks)[number]) =>
      Promise.all(track.pieces.map(async (piece) => (await levels(piece.path)).meanAbs[0]!));
    const [leftFirst, leftSecond] = await early(tracks[0]!);
    const [rightFirst, rightSecond] = await early(tracks[1]!);
    expect(leftFirst!).toBeGreaterThan(leftSecond! * 5);
    expect(rightSecond!).toBeGreaterThan(rightFirst! * 5);
  });

  it('identical channels are one signal (dual mono): transcribed once, without channel names', async () => {
    const { audio, tracks } = await piecesOf(fixtures.dualMono, 600);
    expect(audio.channels).toBe(2);
    expect(audio.layout).toBe('dual-mono');
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.speaker).toBeNull();
  });

  it('one silent channel (one-sided): the other is transcribed as it is, without channel names', async () => {
    const file = path.join(work, 'one-sided.wav');
    await runFfmpeg(['-y', '-i', fixtures.mono.wav.path, '-af', 'pan=stereo|c0=c0|c1=0*c0', file], tools);
    const { audio, tracks } = await piecesOf({ ...fixtures.stereo.wav, path: file }, 600);
    expect(audio.layout).toBe('one-sided');
    expect(tracks.map((t) => [t.channel, t.speaker, t.pieces.length])).toEqual([[null, null, 1]]);
    const [voice, track] = await Promise.all([
      levels(fixtures.mono.wav.path),
      levels(tracks[0]!.pieces[0]!.path),
    ]);
    expect(track.meanAbs[0]! / voice.meanAbs[0]!).toBeCloseTo(1, 1);
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
    const error = await measure(pick(fixtures)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain(fixtures.dir);
  });

  it('names ffmpeg and ffprobe when they are missing', async () => {
    const noFfmpeg = await measureAudio(fixtures.mono.wav.path, 1, {
      ffmpegPath: '/nonexistent/ffmpeg',
    }).catch((e: unknown) => e);
    expect((noFfmpeg as MediaError).reason).toEqual(
      taskError('ffmpeg_missing', { path: '/nonexistent/ffmpeg' }),
    );
    expect((noFfmpeg as Error).message).toBe(
      'ffmpeg was not found (/nonexistent/ffmpeg). Install ffmpeg (Debian package ffmpeg) or set FFMPEG_PATH on the server.',
    );
    const noFfprobe = await probeMedia(fixtures.mono.wav.path, { ffprobePath: '/nonexistent/ffprobe' }).catch(
      (e: unknown) => e,
    );
    expect((noFfprobe as MediaError).reason).toEqual(
      taskError('ffprobe_missing', { path: '/nonexistent/ffprobe' }),
    );
  });

  it('cuts long audio into FLAC pieces of at most the chunk length, with their offsets', async () => {
    const { audio, tracks } = await piecesOf(fixtures.mono.wav, 3);
    expect(tracks).toHaveLength(1);
    const { pieces } = tracks[0]!;
    expect(pieces.map((p) => p.offsetSeconds)).toEqual([0, 3, 6]);
    const seconds = await Promise.all(pieces.map(async (p) => (await levels(p.path)).frames / 16_000));
    for (const length of seconds.slice(0, 2)) expect(Math.abs(length - 3)).toBeLessThan(0.02);
    expect(Math.abs(seconds.reduce((a, b) => a + b, 0) - audio.frames / 16_000)).toBeLessThan(0.05);
    // FLAC, mono, 16 kHz: what every transcription provider takes, never larger than the samples as WAV.
    expect(flacStream(await readFile(pieces[0]!.path))).toEqual({ sampleRate: 16_000, channels: 1 });
    expect((await stat(pieces[0]!.path)).size).toBeLessThan(3 * 32_000);

    const whole = await piecesOf(fixtures.mono.wav, 600);
    expect(whole.tracks[0]!.pieces.map((p) => p.offsetSeconds)).toEqual([0]);
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
