import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { transcription } from '../../apps/server/test/fake-upstreams/openai.ts';
import { decodeMono, level, toneShare } from '../../apps/server/test/tone.ts';
import { AnalysisPage } from '../pages/analyses.ts';
import { SettingsPage } from '../pages/settings.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { scriptTranscription } from '../support/fake-transcription.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

const run = promisify(execFile);

/** What the customer says, in three parts: before the card number, the number (aloud, as words), after it. */
const BEFORE = 'Good morning. I would like to pay by card. My card number is';
const CARD_ALOUD = 'four one one one, one one one one, one one one one, one one one one.';
const AFTER = 'Thank you very much.';

interface SpokenCall {
  bytes: Buffer;
  /** Seconds where each part starts and ends in the call. */
  card: { start: number; end: number };
  end: number;
}

const seconds = async (file: string) =>
  Number(
    (await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]))
      .stdout,
  );

/** The call said by espeak-ng, part by part, joined into one MP3; where each part lies is measured. */
async function spokenCall(): Promise<SpokenCall> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-privacy-audio-'));
  try {
    const parts = [BEFORE, CARD_ALOUD, AFTER];
    const files = parts.map((_, index) => path.join(dir, `part-${index}.wav`));
    await Promise.all(
      parts.map((said, index) => run('espeak-ng', ['-v', 'en', '-s', '165', '-w', files[index]!, said])),
    );
    const lengths = await Promise.all(files.map(seconds));
    const call = path.join(dir, 'call.mp3');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      ...files.flatMap((file) => ['-i', file]),
      '-filter_complex',
      '[0:a][1:a][2:a]concat=n=3:v=0:a=1',
      '-ar',
      '22050',
      call,
    ]);
    const start = lengths[0]!;
    return {
      bytes: await readFile(call),
      card: { start, end: start + lengths[1]! },
      end: start + lengths[1]! + lengths[2]!,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Words spread evenly over [start, end), as a transcription service times them. */
const wordsOver = (text: string, start: number, end: number) => {
  const words = text.split(/\s+/).filter(Boolean);
  const step = (end - start) / words.length;
  return words.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step }));
};

test('with redaction on, a card number said aloud is a placeholder in the transcript and a tone in the recording', async ({
  page,
}) => {
  const marker = uniqueMarker('privacy-audio');
  const { project, prompt } = await projectWithScorecard(page, {
    label: 'privacy-audio',
    transcribeInstructions: `Card payments. ${marker}`,
  });
  const settings = new SettingsPage(page);
  await settings.open(project.id, 'privacy');
  const panel = settings.panel('privacy');
  await panel.getByRole('switch', { name: 'Redact personal and card data' }).check();
  // The upload is kept beside its redacted copy, for admins and owners to download.
  await panel.getByRole('radio', { name: /^Redacted text and the original/ }).check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Privacy settings saved.')).toBeVisible();

  const call = await spokenCall();
  // The fake transcriber cannot understand speech: it answers what Whisper would, with the words' times
  // where espeak said them (the number as Whisper writes it: digits).
  const cardWritten = '4111 1111 1111 1111.';
  await scriptTranscription(
    marker,
    transcription([
      {
        start: 0,
        end: call.end,
        text: `${BEFORE} ${cardWritten} ${AFTER}`,
        words: [
          ...wordsOver(BEFORE, 0, call.card.start),
          ...wordsOver(cardWritten, call.card.start, call.card.end),
          ...wordsOver(AFTER, call.card.end, call.end),
        ],
      },
    ]),
  );
  const uploaded = await uploadViaApi(
    page.request,
    project.id,
    { path: '', fileName: 'card-call.mp3', contentType: 'audio/mpeg', bytes: call.bytes },
    prompt.id,
  );
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, taskId);
  // The card number shows as the highlight naming its type.
  await expect(analysis.transcript).toContainText('My card number is Card number 1, redacted');
  await expect(analysis.transcript.getByText(/4111/)).toHaveCount(0);

  // Hear the tone: what the page's player plays, fetched as the browser does and decoded.
  const player = page.locator('[data-testid="player"] audio, [data-testid="player"] video');
  await expect(player).toHaveCount(1);
  const source = await player.evaluate(
    (element) => (element as HTMLMediaElement).currentSrc || (element as HTMLMediaElement).src,
  );
  const played = await page.request.get(source);
  expect(played.status()).toBe(200);
  const samples = await decodeMono(await played.body());
  expect(samples.length / 16_000).toBeCloseTo(call.end, 0);
  const inside = { from: call.card.start + 0.3, to: call.card.end - 0.3 };
  expect(
    toneShare(samples, inside.from, inside.to, 1000),
    'a 1 kHz tone over the card number',
  ).toBeGreaterThan(0.8);
  // Before the number: the voice as it was (speech, no tone).
  const before = { from: 0.3, to: call.card.start - 0.4 };
  expect(level(samples, before.from, before.to)).toBeGreaterThan(1e-4);
  expect(toneShare(samples, before.from, before.to, 1000), 'no tone before the number').toBeLessThan(0.2);

  // The owner downloads the recording as uploaded, voice and card number and all.
  await shoot(page, 'privacy-audio-analysis');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the original recording' }).click();
  const download = await downloading;
  expect(Buffer.compare(await readFile((await download.path())!), call.bytes)).toBe(0);
});
