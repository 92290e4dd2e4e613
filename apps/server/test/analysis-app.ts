import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAnthropic } from './fake-upstreams/anthropic.ts';
import type { FakeUpstream } from './fake-upstreams/scripted.ts';
import { type Client, signUp, startTestApp, type TestApp } from './harness.ts';

export interface AnalysisApp {
  t: TestApp;
  /** The fake Anthropic the app's analyses go to. */
  anthropic: FakeUpstream;
  /** A signed-up user (not the super admin, who signed up first). */
  owner: Client;
  /** The super admin (the first account). */
  superAdmin: Client;
  close: () => Promise<void>;
}

/**
 * The app for tests that run analyses: its Anthropic calls go to a fake upstream, its media to a data
 * folder of its own (removed by close), without retries; `env` adds settings. The super admin and an owner
 * are signed up.
 */
export async function startAnalysisApp(
  label: string,
  env: Record<string, string> = {},
): Promise<AnalysisApp> {
  const anthropic = await startFakeAnthropic();
  const dataDir = await mkdtemp(path.join(tmpdir(), `parley-${label}-`));
  const t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: `sk-ant-${label}`,
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_MAX_RETRIES: '0',
      ...env,
    },
  );
  const superAdmin = await signUp(t.app); // the first account
  const owner = await signUp(t.app);
  return {
    t,
    anthropic,
    owner,
    superAdmin,
    close: async () => {
      await t.close();
      await anthropic.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
