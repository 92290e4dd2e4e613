/**
 * Media decoding bench: what an analysis of a recording writes to disk and how much CPU it uses, through the
 * real pipeline (runTask) with real ffmpeg, against a local fake OpenAI (transcription) and Anthropic.
 *
 *   npm run bench:media -w @parley/server                 (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:media -w @parley/server
 *
 * 1. A long, low-bitrate Opus recording (BENCH_HOURS, default 10, of a quiet tone at 6 kb/s: about 25 MB)
 *    in a project holding 1 unit: the task must fail for lack of funds. Printed: the most its work folder
 *    held, the CPU seconds of the server process and of its ffmpeg children, and the wall time until it
 *    failed.
 * 2. A normal call (BENCH_CALL_MINUTES, default 5): a stereo 64 kb/s mp3 of two voices, analysed to the end.
 *    Printed: the most its work folder held (everything the run wrote: the work folder only grows until
 *    the task ends) and the CPU seconds.
 *
 * The work folder (DATA_DIR/work) is measured every 20 ms and once more after each stage; CPU of finished
 * children comes from /proc/self/stat (Linux).
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { mediaFiles, tasks } from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { runTask } from '../apps/server/src/modules/pipeline/run.ts';
import { storageOf } from '../apps/server/src/storage/index.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { startFakeOpenAI, transcription } from '../apps/server/test/fake-upstreams/openai.ts';
import { answer } from '../apps/server/test/fake-upstreams/scripted.ts';
import { makeSpeechFixtures } from '../apps/server/test/fixtures/speech.ts';
import { ANSWER, type AnalysisProject, seedAnalysisProject } from './support/analysis.ts';
import { freshBenchDatabase } from './support/database.ts';

const HOURS = Number(process.env.BENCH_HOURS ?? 10);
const CALL_MINUTES = Number(process.env.BENCH_CALL_MINUTES ?? 5);
const logger = createLogger({ logLevel: 'warn' });
const run = promisify(execFile);

const ffmpeg = (...args: string[]) =>
  run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 1 << 20 });

/** `hours` of a quiet 220 Hz tone as 6 kb/s Opus: ten minutes encoded once, then copied end to end. */
async function longOpus(dir: string, hours: number): Promise<string> {
  const piece = path.join(dir, 'tone-10min.ogg');
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'sine=f=220:r=16000:d=600,volume=0.05',
    '-c:a',
    'libopus',
    '-b:a',
    '6k',
    piece,
  );
  const list = path.join(dir, 'list.txt');
  await writeFile(list, `file '${piece}'\n`.repeat(Math.ceil(hours * 6)));
  const out = path.join(dir, `long-${hours}h.ogg`);
  await ffmpeg('-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', out);
  return out;
}

/** A stereo call of `minutes`: the speech fixture's two voices (one a side) looped, as a 64 kb/s mp3. */
async function stereoCall(dir: string, stereoWav: string, minutes: number): Promise<string> {
  const out = path.join(dir, `call-${minutes}min.mp3`);
  await ffmpeg(
    '-stream_loop',
    '-1',
    '-i',
    stereoWav,
    '-t',
    String(minutes * 60),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    out,
  );
  return out;
}

async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** CPU seconds of this process and of its finished children (ffmpeg). */
async function cpuSeconds(): Promise<{ self: number; children: number }> {
  const usage = process.cpuUsage();
  const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
  // Fields 16 and 17 of the file (cutime, cstime) in clock ticks of 1/100 s.
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return { self: (usage.user + usage.system) / 1e6, children };
}

async function storeTask(ctx: AppContext, project: AnalysisProject, file: string, contentType: string) {
  const stored = await storageOf(ctx.config).put(createReadStream(file), {
    prefix: `projects/${project.projectId}`,
    extension: path.extname(file).slice(1),
  });
  const [media] = await ctx.db
    .insert(mediaFiles)
    .values({
      projectId: project.projectId,
      storageKey: stored.key,
      fileName: path.basename(file),
      contentType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: 'audio',
    })
    .returning();
  const [task] = await ctx.db
    .insert(tasks)
    .values({ projectId: project.projectId, mediaId: media!.id, promptId: project.promptId })
    .returning();
  return task!.id;
}

/** Runs the task while measuring its work folder; answers the outcome, peak bytes, CPU and wall seconds. */
async function measure(ctx: AppContext, taskId: number) {
  const workDir = path.join(ctx.config.dataDir, 'work');
  let peak = 0;
  const sample = async () => {
    peak = Math.max(peak, await folderBytes(workDir));
  };
  const timer = setInterval(sample, 20);
  const cpuBefore = await cpuSeconds();
  const start = performance.now();
  let outcome: string;
  try {
    outcome = await runTask(ctx, taskId, { lastAttempt: true }, { afterStage: sample });
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = await cpuSeconds();
  const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
  return {
    outcome: row?.errorReason ? `${outcome} (${row.errorReason.code})` : outcome,
    peak,
    seconds,
    cpuSelf: cpuAfter.self - cpuBefore.self,
    cpuChildren: cpuAfter.children - cpuBefore.children,
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-media-'));
  const filesDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-media-files-'));
  const scratch = await freshBenchDatabase(logger);
  const [openai, anthropic, fixtures] = await Promise.all([
    startFakeOpenAI(),
    startFakeAnthropic(),
    makeSpeechFixtures(),
  ]);
  const database = connectDatabase(scratch.url, createLogger({ logLevel: 'error' }), 10);
  const boss = await startBoss(scratch.url, logger, loadConfig({}));
  try {
    await runMigrations(database);
    const config = loadConfig({
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      TRANSCRIPTION_MODEL: 'whisper-1',
      AI_MAX_RETRIES: '0',
      LOG_LEVEL: 'warn',
    });
    const ctx: AppContext = { config, db: database.db, boss, logger };

    const long = await longOpus(filesDir, HOURS);
    const longSize = (await stat(long)).size;
    const poor = await seedAnalysisProject(ctx, 1000, []);
    const refused = await measure(ctx, await storeTask(ctx, poor, long, 'audio/ogg'));

    const call = await stereoCall(filesDir, fixtures.stereo.wav.path, CALL_MINUTES);
    const callSize = (await stat(call)).size;
    const funded = await seedAnalysisProject(ctx, 1_000_000_000, []);
    openai.script(
      ...Array.from({ length: 20 }, () => transcription([{ start: 0.2, end: 3.4, text: 'Hello.' }])),
    );
    anthropic.script(answer(ANSWER));
    const analysed = await measure(ctx, await storeTask(ctx, funded, call, 'audio/mpeg'));

    console.log(`Media decoding (real ffmpeg, fake providers)`);
    console.log(
      `  ${HOURS} h Opus at 6 kb/s (${mb(longSize)}), project holding 1 unit: ${refused.outcome} after ` +
        `${refused.seconds.toFixed(1)} s; work folder at most ${mb(refused.peak)}; ` +
        `CPU ${refused.cpuSelf.toFixed(1)} s (server) + ${refused.cpuChildren.toFixed(1)} s (ffmpeg)`,
    );
    console.log(
      `  ${CALL_MINUTES}-minute stereo call, 64 kb/s mp3 (${mb(callSize)}): ${analysed.outcome} in ` +
        `${analysed.seconds.toFixed(1)} s; work folder at most ${mb(analysed.peak)}; ` +
        `CPU ${analysed.cpuSelf.toFixed(1)} s (server) + ${analysed.cpuChildren.toFixed(1)} s (ffmpeg)`,
    );
  } finally {
    await boss.stop({ graceful: true, timeout: 10_000, close: true });
    await database.pool.end();
    await Promise.all([openai.close(), anthropic.close(), fixtures.cleanup()]);
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
