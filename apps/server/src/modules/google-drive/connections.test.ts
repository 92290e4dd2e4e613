import { googleDriveRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepare } from '../../../test/client.ts';
import { connectDrive, consent, DRIVE_REDIRECT, type DriveApp, startDriveApp } from '../../../test/drive.ts';
import { addMember, type Client, createProject, signUp } from '../../../test/harness.ts';
import { driveConnections } from '../../db/schema/index.ts';
import { accessTokenFor, renewingDrive } from './connections.ts';
import { decrypt, encryptionKey } from './crypto.ts';

let d: DriveApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  d = await startDriveApp();
  owner = await signUp(d.t.app);
  projectId = await createProject(owner);
});
afterAll(() => d?.close());

async function connectionRow(id: number) {
  const [row] = await d.t.ctx.db.select().from(driveConnections).where(eq(driveConnections.id, id));
  return row!;
}

describe('Drive connections', () => {
  it('creates a connection, sends the browser to Google and stores the tokens encrypted', async () => {
    const created = await owner.call(googleDriveRoutes.createConnection, {
      body: { project_id: projectId, name: '  ', redirect_uri: DRIVE_REDIRECT },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { status, data } = created.json();
    expect(status).toBe('success');
    expect(data.connection).toMatchObject({ name: 'Google Drive Connection', is_valid: false });
    const auth = new URL(data.auth_url);
    expect(auth.origin).toBe(d.google.origin);
    expect(auth.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive.readonly email');
    expect(auth.searchParams.get('access_type')).toBe('offline');
    expect(auth.searchParams.get('redirect_uri')).toBe(DRIVE_REDIRECT);

    const back = await consent(data.auth_url);
    const done = await owner.call(googleDriveRoutes.callback, { body: back });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      id: data.connection.id,
      google_email: d.google.account.email,
      is_valid: true,
      error_count: 0,
    });
    expect(done.json().data.connected_at).not.toBeNull();

    const row = await connectionRow(data.connection.id);
    const tokenRequest = d.google.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(tokenRequest.form!.get('grant_type')).toBe('authorization_code');
    expect(row.refreshToken).toMatch(/^v1\./);
    expect(row.accessToken).toMatch(/^v1\./);
    const key = encryptionKey(d.t.ctx.config);
    expect(decrypt(key, row.refreshToken!)).toMatch(/^1\/\//);
    expect(row.refreshToken).not.toContain(decrypt(key, row.refreshToken!));
    expect(decrypt(key, row.accessToken!)).toMatch(/^ya29\./);

    // The same state again is refused.
    const again = await owner.call(googleDriveRoutes.callback, { body: back });
    expect(again.statusCode).toBe(400);

    const list = await owner.call(googleDriveRoutes.listConnections, { query: { project_id: projectId } });
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(data.connection.id);
    const one = await owner.call(googleDriveRoutes.getConnection, { params: { id: data.connection.id } });
    expect(one.json().data.google_email).toBe(d.google.account.email);
  });

  it('refreshes the access token before it expires, and keeps it otherwise', async () => {
    const id = await connectDrive(owner, projectId);
    const stored = await connectionRow(id);
    const key = encryptionKey(d.t.ctx.config);
    expect(await accessTokenFor(d.t.ctx, stored)).toBe(decrypt(key, stored.accessToken!));

    await d.t.ctx.db
      .update(driveConnections)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 30_000) })
      .where(eq(driveConnections.id, id));
    const fresh = await accessTokenFor(d.t.ctx, await connectionRow(id));
    expect(fresh).not.toBe(decrypt(key, stored.accessToken!));
    const after = await connectionRow(id);
    expect(decrypt(key, after.accessToken!)).toBe(fresh);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(d.google.requests.at(-1)!.form!.get('grant_type')).toBe('refresh_token');
  });

  it('a long job renews its token before it ends, and reuses it until then', async () => {
    const id = await connectDrive(owner, projectId);
    const refreshes = () =>
      d.google.requests.filter((request) => request.form?.get('grant_type') === 'refresh_token').length;
    const before = refreshes();
    const drive = renewingDrive(d.t.ctx, id);
    const first = await drive();
    expect(await drive()).toBe(first);
    expect(refreshes()).toBe(before);
    // 56 minutes into the token's hour: the next file gets a client of a renewed token.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 56 * 60_000);
      const renewed = await drive();
      expect(renewed).not.toBe(first);
      expect(refreshes()).toBe(before + 1);
      expect(await drive()).toBe(renewed);
      expect((await connectionRow(id)).accessTokenExpiresAt!.getTime()).toBeGreaterThan(
        Date.now() + 3_000_000,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts the connection in error when Google refuses the grant', async () => {
    const id = await connectDrive(owner, projectId);
    const row = await connectionRow(id);
    d.google.revoke(decrypt(encryptionKey(d.t.ctx.config), row.refreshToken!));
    await d.t.ctx.db
      .update(driveConnections)
      .set({ accessTokenExpiresAt: new Date(0) })
      .where(eq(driveConnections.id, id));
    await expect(accessTokenFor(d.t.ctx, await connectionRow(id))).rejects.toMatchObject({
      kind: 'conflict',
    });
    const listed = await owner.call(googleDriveRoutes.getConnection, { params: { id } });
    expect(listed.json().data).toMatchObject({ is_valid: false, error_count: 1 });
    expect(listed.json().data.last_error).toMatch(/invalid_grant/);
    const folders = await owner.call(googleDriveRoutes.listFolders, { body: { connection_id: id } });
    expect(folders.statusCode).toBe(409);

    // Connecting it again makes it valid.
    const again = await owner.call(googleDriveRoutes.auth, {
      body: { project_id: projectId, connection_id: id, redirect_uri: DRIVE_REDIRECT },
    });
    expect(again.statusCode, again.body).toBe(200);
    const back = await consent(again.json().data.auth_url);
    const done = await owner.call(googleDriveRoutes.callback, { body: back });
    expect(done.json().data).toMatchObject({ id, is_valid: true, error_count: 0, last_error: null });
  });

  it('lists folders for the picker, page by page', async () => {
    const id = await connectDrive(owner, projectId);
    for (let i = 0; i < 105; i += 1) d.drive.folder(`Folder ${i}`);
    d.drive.file('loose.mp3', 'root');
    const first = await owner.call(googleDriveRoutes.listFolders, { body: { connection_id: id } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.folders).toHaveLength(100);
    expect(first.json().data.folders[0]).toEqual({ id: expect.any(String), name: 'Folder 0' });
    const next = await owner.call(googleDriveRoutes.listFolders, {
      body: { connection_id: id, page_token: first.json().data.next_page_token },
    });
    expect(next.json().data).toEqual({ folders: expect.any(Array), next_page_token: null });
    expect(next.json().data.folders).toHaveLength(5);
    const q = d.drive.calls.at(-1)!.query.get('q');
    expect(q).toBe(
      "'root' in parents and trashed = false and mimeType = 'application/vnd.google-apps.folder'",
    );
  });

  it('answers 409 when Drive refuses the access token', async () => {
    const id = await connectDrive(owner, projectId);
    d.google.expireAccessTokens();
    const folders = await owner.call(googleDriveRoutes.listFolders, {
      body: { connection_id: id, parent_folder_id: 'root' },
    });
    expect(folders.statusCode).toBe(409);
    expect(d.drive.calls.at(-1)!.path).toBe('/drive/v3/files');
  });

  it('keeps other projects and non-members out', async () => {
    const id = await connectDrive(owner, projectId);
    const stranger = await signUp(d.t.app);
    const otherProject = await createProject(stranger);
    for (const request of [
      prepare(googleDriveRoutes.getConnection, { params: { id } }),
      prepare(googleDriveRoutes.deleteConnection, { params: { id } }),
      prepare(googleDriveRoutes.listConnections, { query: { project_id: projectId } }),
    ]) {
      expect((await request.by(stranger)).statusCode).toBe(404);
    }
    // The owner asking about their connection under another project: 404.
    const mismatch = await owner.call(googleDriveRoutes.getConnection, {
      params: { id },
      query: { project_id: otherProject },
    });
    expect(mismatch.statusCode).toBe(404);
    const member = await signUp(d.t.app);
    await addMember(d.t, projectId, member, 'user');
    const list = await member.call(googleDriveRoutes.listConnections, { query: { project_id: projectId } });
    expect(list.statusCode).toBe(403);

    const removed = await owner.call(googleDriveRoutes.deleteConnection, { params: { id } });
    expect(removed.statusCode).toBe(200);
    expect((await owner.call(googleDriveRoutes.getConnection, { params: { id } })).statusCode).toBe(404);
  });
});

describe('Drive configuration', () => {
  it('refuses connections without ENCRYPTION_KEY, naming it, and reports the status', async () => {
    const bare = await startDriveApp({ ENCRYPTION_KEY: '' });
    try {
      const user = await signUp(bare.t.app);
      const project = await createProject(user);
      const refused = await user.call(googleDriveRoutes.createConnection, {
        body: { project_id: project, redirect_uri: DRIVE_REDIRECT },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toContain('ENCRYPTION_KEY');
      const status = await user.call(googleDriveRoutes.oauthStatus);
      expect(status.json().data).toMatchObject({
        google_configured: true,
        encryption_configured: false,
        available: false,
      });
      expect(status.json().data.message).toContain('ENCRYPTION_KEY');
      const rows = await bare.t.ctx.db.select().from(driveConnections);
      expect(rows).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('refuses a malformed ENCRYPTION_KEY with a clear message', () => {
    expect(() => encryptionKey({ encryptionKey: 'too-short' })).toThrow(/32 bytes/);
    expect(encryptionKey({ encryptionKey: 'ab'.repeat(32) })).toHaveLength(32);
  });

  it('lists the structure types', async () => {
    const types = await owner.call(googleDriveRoutes.structureTypes);
    expect(types.json().data.map((item: { type: string }) => item.type)).toEqual([
      'simple',
      'department',
      'custom',
      'constants',
    ]);
    expect(types.json().data.map((item: { fixed_fields: string[] }) => item.fixed_fields)).toEqual([
      ['Department'],
      ['Department', 'Representative'],
      [],
      [],
    ]);
    const status = await owner.call(googleDriveRoutes.oauthStatus);
    expect(status.json().data).toEqual({
      google_configured: true,
      encryption_configured: true,
      available: true,
      message: null,
    });
  });
});
