import { randomBytes } from 'node:crypto';
import { googleDriveRoutes } from '@parley/contracts';
import { expect } from 'vitest';
import { FakeDrive } from './fake-upstreams/google-drive.ts';
import { FakeGoogle } from './fake-upstreams/google-oauth.ts';
import { type Client, startTestApp, type TestApp } from './harness.ts';

export const DRIVE_REDIRECT = 'http://parley.test/auth/google-drive/callback';
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

export interface DriveApp {
  t: TestApp;
  google: FakeGoogle;
  drive: FakeDrive;
  close: () => Promise<void>;
}

/** The app with the fake Google (OAuth and Drive) and an ENCRYPTION_KEY; `env` overrides. */
export async function startDriveApp(env: Record<string, string> = {}): Promise<DriveApp> {
  const google = await FakeGoogle.start();
  const drive = new FakeDrive();
  google.use(drive.route);
  const t = await startTestApp({}, { ...google.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env });
  return {
    t,
    google,
    drive,
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}

/** What the browser does on Google's page: consent, and come back with code and state. */
export async function consent(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** Adds a connection and completes its consent; its id. */
export async function connectDrive(client: Client, projectId: number, name?: string): Promise<number> {
  const created = await client.call(googleDriveRoutes.createConnection, {
    body: { project_id: projectId, redirect_uri: DRIVE_REDIRECT, ...(name ? { name } : {}) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const back = await consent(created.json().data.auth_url);
  const done = await client.call(googleDriveRoutes.callback, { body: back });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.id;
}
