import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { SUPER_ADMIN } from './accounts.ts';
import { mountFakeDrives } from './fake-drive.ts';
import { startFakeGoogle } from './fake-google.ts';
import { FAKE_ANTHROPIC_KEY, startFakeLlm } from './fake-llm.ts';
import { FAKE_OPENAI_KEY, startFakeTranscription } from './fake-transcription.ts';
import { startMediaServer } from './media-server.ts';
import { ARTIFACTS_DIR, E2E_BASE_URL, E2E_PORT, SERVER_LOG } from './server.ts';
import { reserveWebhookReceiverPort } from './webhook-receiver.ts';

const repoRoot = path.resolve(ARTIFACTS_DIR, '../..');
const TEST_ENCRYPTION_KEY = Buffer.from('e2e-test-key-for-drive-tokens-32').toString('base64');

interface FreshDatabase {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** A fresh database for this run: a new one on DATABASE_URL's server, else embedded PostgreSQL in a fresh DATA_DIR. */
async function freshDatabase(): Promise<FreshDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { env: {}, drop: async () => {} };
  const database = await createScratchDatabase(adminUrl, 'parley_e2e');
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

async function waitForHealth(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited with ${server.exitCode}; see ${SERVER_LOG}`);
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Server did not become healthy within ${timeoutMs} ms; see ${SERVER_LOG}`);
}

/** Takes the 'first account is super admin' slot, so every test user is an ordinary user. */
async function createSuperAdmin(): Promise<void> {
  const response = await fetch(`${E2E_BASE_URL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(SUPER_ADMIN),
  });
  if (response.status !== 201) {
    throw new Error(`Creating the super admin failed: ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { data?: { is_super_admin?: boolean } };
  if (!body.data?.is_super_admin) throw new Error('The first account did not become the super admin');
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  await rm(ARTIFACTS_DIR, { recursive: true, force: true });
  const dataDir = path.join(ARTIFACTS_DIR, 'data');
  await mkdir(dataDir, { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const database = await freshDatabase();
  // For specs that set up what no API makes yet (appDatabase in app-database.ts); workers inherit it.
  if (database.env.DATABASE_URL) process.env.E2E_APP_DATABASE_URL = database.env.DATABASE_URL;
  // The AI prompt generator and the analyses talk to a local fake of Anthropic's API (see fake-llm.ts),
  // the transcription to a local fake of OpenAI's audio API (fake-transcription.ts): never to real ones.
  const llm = await startFakeLlm();
  const speech = await startFakeTranscription();
  // Recordings for link and CSV uploads (media-server.ts): the only private address the app may download from.
  const media = await startMediaServer();
  // Google sign-in goes to a local fake of Google's OAuth endpoints (fake-google.ts), Drive to a fake of its
  // API on the same server, one Drive per Google account (fake-drive.ts).
  const google = await startFakeGoogle();
  mountFakeDrives(google);
  // The webhooks spec's receiver (webhook-receiver.ts): one more exact host:port the server may post to.
  const webhookReceiver = await reserveWebhookReceiverPort();
  // Started as `npm start` runs it: the bundle `npm run build` made (test:e2e builds first).
  const server = spawn(path.join(repoRoot, 'node_modules/.bin/node'), ['apps/server/dist/main.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_BASE_URL,
      LOGIN_RATE_LIMIT: '200',
      PARLEY_ROLE: 'all',
      ANTHROPIC_API_KEY: FAKE_ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: `${llm.origin}/v1`,
      AI_GENERATION_PROVIDER: 'anthropic',
      AI_GENERATION_MODEL: '',
      AI_TIMEOUT_MS: '30000',
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: `${speech.origin}/v1`,
      TRANSCRIPTION_PROVIDER: 'openai',
      // Not the diarizing default: whisper-1 requests carry the prompt's transcription instructions, where
      // tests put their markers (a spec picks the diarizing model in its project's settings).
      TRANSCRIPTION_MODEL: 'whisper-1',
      TRANSCRIPTION_TIMEOUT_MS: '60000',
      // A failure that may pass (5xx, timeout) is retried soon, not after the default 30 s.
      ANALYSIS_RETRY_DELAY_SECONDS: '2',
      // Link uploads refuse private addresses (the SSRF guard), whatever the shell allows: all but exactly
      // the media server's host and port (127.0.0.1 on any other port stays refused).
      // Webhooks use the same guard and list: the webhooks spec's receiver is the other allowed host:port.
      URL_UPLOAD_ALLOW_HOSTS: `${media.host},${webhookReceiver}`,
      // No other provider is reachable from the tests, whatever the shell has set.
      GOOGLE_GENERATIVE_AI_API_KEY: '',
      GROQ_API_KEY: '',
      OPENAI_COMPATIBLE_BASE_URL: '',
      EMLO_API_KEY: '',
      EMLO_API_KEY_PASSWORD: '',
      ...google.env(),
      // Drive tokens are encrypted at rest with it: a fixed test key (32 bytes), not a secret.
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    await waitForHealth(server, 120_000);
    await createSuperAdmin();
  } catch (error) {
    server.kill('SIGKILL');
    await llm.close();
    await speech.close();
    await media.close();
    await google.close();
    await database.drop();
    throw error;
  }

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log.end();
    await llm.close();
    await speech.close();
    await media.close();
    await google.close();
    await database.drop();
  };
}
