import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_KEY_TEXTS,
  adminRoutes,
  analysisRoutes,
  apiKeyRoutes,
  authRoutes,
  batchRoutes,
  billingRoutes,
  blacklistRoutes,
  isApiKeyFormat,
  memberRoutes,
  modelRoutes,
  projectRoutes,
  promptRoutes,
  repRoutes,
  supportRoutes,
  TEXTS,
  userRoutes,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, prepare } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createKey, keyClient, logText, uploadCall } from '../../../test/settings.ts';
import { createPrompt, fund, META, multipart } from '../../../test/uploads.ts';
import { apiKeys, tasks, uploadBatches } from '../../db/schema/index.ts';
import { redactUrl } from '../../http/log.ts';

let t: TestApp;
let dataDir: string;
let superAdmin: Client;
let owner: Client;
let admin: Client;
let user: Client;
let teamleader: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let promptId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-keys-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  superAdmin = await signUp(t.app);
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  user = await signUp(t.app);
  teamleader = await signUp(t.app);
  stranger = await signUp(t.app);
  await owner.call(userRoutes.updateProfile, { body: { name: 'Olga  van Owner' } });
  projectId = await createProject(owner, 'Keys');
  otherProjectId = await createProject(owner, 'Other');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  await addMember(t, projectId, teamleader, 'teamleader');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'QA');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const keyRow = async (id: number) => (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;

describe('API key management', () => {
  it('lets admins and owners list, create and revoke; users and team leaders get 403, strangers 404', async () => {
    for (const [client, status] of [
      [user, 403],
      [teamleader, 403],
      [stranger, 404],
    ] as const) {
      expect((await client.call(apiKeyRoutes.list, { params: { id: projectId } })).statusCode).toBe(status);
      const create = await client.call(apiKeyRoutes.create, {
        params: { id: projectId },
        body: { name: 'x' },
      });
      expect(create.statusCode).toBe(status);
    }
    const made = await createKey(admin, projectId, 'full', 'by admin');
    for (const [client, status] of [
      [user, 403],
      [teamleader, 403],
      [stranger, 404],
    ] as const) {
      const revoke = await client.call(apiKeyRoutes.revoke, { params: { id: projectId, keyId: made.id } });
      expect(revoke.statusCode).toBe(status);
    }
    expect((await owner.call(apiKeyRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    const revoked = await owner.call(apiKeyRoutes.revoke, { params: { id: projectId, keyId: made.id } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    // DELETE is the same; revoking twice is fine; another project's key id is 404.
    expect(
      (await admin.call(apiKeyRoutes.remove, { params: { id: projectId, keyId: made.id } })).statusCode,
    ).toBe(200);
    expect(
      (await owner.call(apiKeyRoutes.remove, { params: { id: otherProjectId, keyId: made.id } })).statusCode,
    ).toBe(404);
  });

  it('shows the secret once, lists the key masked with its creator, full by default, never used', async () => {
    const response = await owner.call(apiKeyRoutes.create, {
      params: { id: projectId },
      body: { name: '  CRM sync ' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(isApiKeyFormat(created.api_key)).toBe(true);
    expect(created).toMatchObject({
      project_id: projectId,
      name: 'CRM sync',
      type: 'full',
      status: 'active',
      key_mask: `${created.api_key.slice(0, 12)}…`,
      user_first_name: 'Olga',
      user_last_name: 'van Owner',
      user_email: owner.email,
      last_used: null,
    });
    const list = (await admin.call(apiKeyRoutes.list, { params: { id: projectId } })).json().data;
    const listed = list.find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'CRM sync', key_mask: created.key_mask, status: 'active' });
    expect(JSON.stringify(list)).not.toContain(created.api_key);
    const blank = await owner.call(apiKeyRoutes.create, { params: { id: projectId }, body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain(API_KEY_TEXTS.nameRequired);
  });

  it('stores only a SHA-256 hash and the clear prefix; the secret is in no table and no log', async () => {
    const { id, key } = await createKey(owner, projectId, 'media');
    const row = await keyRow(id);
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row.prefix).toBe(key.slice(0, 12));
    const client = keyClient(t.app, key);
    await uploadCall(client, projectId, promptId, META);
    await client.call(projectRoutes.get, { params: { id: projectId } }); // 403, logged
    await keyClient(t.app, `${key.slice(0, -1)}x`).call(authRoutes.me); // 401
    const dump = await t.ctx.db.execute(
      sql`SELECT string_agg(t::text, ' ') AS text FROM (SELECT * FROM api_keys UNION ALL SELECT * FROM api_keys) t`,
    );
    expect(String(dump.rows[0]!.text)).not.toContain(key);
    const tasksDump = await t.ctx.db.execute(sql`SELECT string_agg(t::text, ' ') AS text FROM tasks t`);
    expect(String(tasksDump.rows[0]!.text ?? '')).not.toContain(key);
    const logs = logText(t);
    expect(logs).toContain('/api/projects/'); // requests are logged …
    expect(logs).not.toContain(key); // … but never the key
    expect(logs).not.toContain(key.slice(12));
    expect(logs.toLowerCase()).not.toContain('bearer');
  });

  it('keeps invitation tokens out of logged URLs', () => {
    expect(redactUrl('/api/invites/abcDEF123_-x/accept')).toBe('/api/invites/[redacted]/accept');
    expect(redactUrl('/invite?token=secret&x=1')).toBe('/invite?token=[redacted]&x=1');
    expect(redactUrl('/api/projects/1/analyses?q=token')).toBe('/api/projects/1/analyses?q=token');
  });
});

describe('Bearer authentication', () => {
  it("acts with the creator's current role: an admin's key edits, cannot delete, and follows role changes", async () => {
    const { key } = await createKey(admin, projectId, 'full');
    const client = keyClient(t.app, key);
    const me = await client.call(authRoutes.me);
    expect(me.json().data.email).toBe(admin.email);
    const project = await client.call(projectRoutes.get, { params: { id: projectId } });
    expect(project.json().data.my_role).toBe('admin');
    expect((await client.call(analysisRoutes.failed, { params: { id: projectId } })).statusCode).toBe(200);
    const edit = await client.call(projectRoutes.update, {
      params: { id: projectId },
      body: { description: 'via key' },
    });
    expect(edit.statusCode).toBe(200);
    const remove = await client.call(projectRoutes.remove, {
      params: { id: projectId },
      body: { confirm_name: 'Keys' },
    });
    expect(remove.statusCode).toBe(403);

    // Demoted to user: the same key loses admin routes at once.
    await owner.call(memberRoutes.changeRole, {
      params: { id: projectId, userId: admin.userId },
      body: { role: 'user' },
    });
    expect((await client.call(analysisRoutes.failed, { params: { id: projectId } })).statusCode).toBe(403);
    expect((await client.call(analysisRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    await owner.call(memberRoutes.changeRole, {
      params: { id: projectId, userId: admin.userId },
      body: { role: 'admin' },
    });
  });

  it("answers 404 for another project's routes, even when the creator owns both, and lists only its project", async () => {
    const { key } = await createKey(owner, projectId, 'full');
    const client = keyClient(t.app, key);
    const params = { id: otherProjectId };
    for (const { url, by } of [
      prepare(projectRoutes.get, { params }),
      prepare(analysisRoutes.list, { params }),
      prepare(promptRoutes.list, { params }),
      prepare(blacklistRoutes.list, { query: { project_id: otherProjectId } }),
    ]) {
      const response = await by(client);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json().error.message).toBe(TEXTS.guard.notFound);
    }
    expect((await client.call(blacklistRoutes.list, { query: { project_id: projectId } })).statusCode).toBe(
      200,
    );
    const list = (await client.call(projectRoutes.list)).json().data;
    expect(list.map((p: { id: number }) => p.id)).toEqual([projectId]);
    // Both the owner's session (for the other project) and the key: the key wins.
    const both = await client.call(projectRoutes.get, {
      params: { id: otherProjectId },
      cookies: { parley_session: owner.cookie },
    });
    expect(both.statusCode).toBe(404);
  });

  it('cannot manage the account, create projects, reach /api/admin or manage keys and support access', async () => {
    const { key } = await createKey(owner, projectId, 'full');
    const client = keyClient(t.app, key);
    const superKey = keyClient(t.app, (await createKey(superAdmin, projectId, 'full')).key);
    const params = { id: projectId };
    const refused = [
      [client, prepare(projectRoutes.create, { body: { name: 'x' } })],
      [client, prepare(userRoutes.updateProfile, { body: { name: 'x' } })],
      [
        client,
        prepare(userRoutes.changePassword, { body: { current_password: 'a', new_password: 'bbbbbbbbbb' } }),
      ],
      [superKey, prepare(adminRoutes.projects)],
      [superKey, prepare(supportRoutes.listUsers)],
      [client, prepare(apiKeyRoutes.list, { params })],
      [client, prepare(apiKeyRoutes.create, { params, body: { name: 'minted' } })],
      [client, prepare(supportRoutes.grant, { params, body: { duration: 1 } })],
      [client, prepare(memberRoutes.acceptInvite, { params: { token: 'whatever' } })],
    ] as const;
    for (const [c, { method, url, by }] of refused) {
      const response = await by(c);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    }
    expect((await client.call(modelRoutes.listProviders)).statusCode).toBe(200);
  });

  it('refuses unknown, malformed and revoked keys with 401 at once', async () => {
    const { id, key } = await createKey(owner, projectId, 'full');
    const client = keyClient(t.app, key);
    expect((await client.call(authRoutes.me)).statusCode).toBe(200);
    await owner.call(apiKeyRoutes.revoke, { params: { id: projectId, keyId: id } });
    const revoked = await client.call(authRoutes.me);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toEqual({ code: 'api_key_revoked', message: API_KEY_TEXTS.revoked });
    // A revoked key fails even next to a valid session cookie.
    const withCookie = await client.call(authRoutes.me, { cookies: { parley_session: owner.cookie } });
    expect(withCookie.statusCode).toBe(401);
    for (const bad of [`pk_live_${'x'.repeat(40)}`, 'nonsense', '']) {
      const response = await callRoute(t.app, authRoutes.me, { headers: { authorization: `Bearer ${bad}` } });
      expect(response.statusCode).toBe(401);
    }
    // Other schemes are not ours: the cookie still counts.
    const basic = await owner.call(authRoutes.me, { headers: { authorization: 'Basic eDp5' } });
    expect(basic.statusCode).toBe(200);
  });

  it('records last use, at most once a minute', async () => {
    const { id, key } = await createKey(owner, projectId, 'full');
    const client = keyClient(t.app, key);
    expect((await keyRow(id)).lastUsedAt).toBeNull();
    await client.call(authRoutes.me);
    const first = (await keyRow(id)).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await client.call(authRoutes.me);
    expect((await keyRow(id)).lastUsedAt).toEqual(first);
    const old = new Date(Date.now() - 5 * 60_000);
    await t.ctx.db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, id));
    await client.call(authRoutes.me);
    const later = (await keyRow(id)).lastUsedAt!;
    expect(later.getTime()).toBeGreaterThan(old.getTime() + 60_000);
    const listed = (await owner.call(apiKeyRoutes.list, { params: { id: projectId } })).json().data;
    expect(listed.find((k: { id: number }) => k.id === id).last_used).toBe(later.toISOString());
  });

  it("revokes a removed member's keys", async () => {
    const leaving = await signUp(t.app);
    await addMember(t, projectId, leaving, 'admin');
    const { id, key } = await createKey(leaving, projectId, 'full');
    await owner.call(memberRoutes.remove, { params: { id: projectId, userId: leaving.userId } });
    expect((await keyRow(id)).revokedAt).toBeInstanceOf(Date);
    expect((await keyClient(t.app, key).call(authRoutes.me)).statusCode).toBe(401);
  });
});

describe('media keys', () => {
  it('upload and read only their own uploads; everything else is 403', async () => {
    const { id: keyId, key } = await createKey(admin, projectId, 'media');
    const media = keyClient(t.app, key);
    const other = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    const mine = await uploadCall(media, projectId, promptId, { ...META, Title: 'mine' });
    const theirs = await uploadCall(other, projectId, promptId, META);
    const bySession = await uploadCall(owner, projectId, promptId, META);
    const row = (await t.ctx.db.select().from(tasks).where(eq(tasks.id, mine)))[0]!;
    expect(row).toMatchObject({ apiKeyId: keyId, createdBy: admin.userId });

    const list = await media.call(analysisRoutes.list, { params: { id: projectId } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((i: { id: number }) => i.id)).toEqual([mine]);
    expect(list.json().data.total).toBe(1);
    expect(
      (await media.call(analysisRoutes.detail, { params: { id: projectId, taskId: mine } })).statusCode,
    ).toBe(200);
    const media200 = await media.call(analysisRoutes.media, { params: { id: projectId, taskId: mine } });
    expect(media200.statusCode).toBe(200);
    for (const taskId of [theirs, bySession]) {
      for (const route of [analysisRoutes.detail, analysisRoutes.media]) {
        const response = await media.call(route, { params: { id: projectId, taskId } });
        expect(response.statusCode).toBe(404);
      }
    }
    // A session still sees everything.
    const all = (await owner.call(analysisRoutes.list, { params: { id: projectId } })).json().data;
    expect(all.items.map((i: { id: number }) => i.id)).toEqual(
      expect.arrayContaining([mine, theirs, bySession]),
    );

    const params = { id: projectId };
    for (const { method, url, by } of [
      prepare(projectRoutes.get, { params }),
      prepare(projectRoutes.update, { params, body: {} }),
      prepare(promptRoutes.list, { params }),
      prepare(analysisRoutes.events, { params }),
      prepare(analysisRoutes.reanalyze, {
        unchecked: true,
        params: { id: projectId, taskId: mine },
        body: {},
      }),
      prepare(memberRoutes.list, { params }),
      prepare(repRoutes.representatives, { params }),
      prepare(billingRoutes.units, { params }),
      prepare(authRoutes.me),
      prepare(projectRoutes.list),
      prepare(blacklistRoutes.list, { query: { project_id: projectId } }),
    ]) {
      const response = await by(media);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json().error.message).toBe(API_KEY_TEXTS.mediaOnly);
    }
    // Its project's upload routes, but another project's are 404.
    expect((await media.call(analysisRoutes.list, { params: { id: otherProjectId } })).statusCode).toBe(404);
  });

  it('upload CSV batches and see only their own batches', async () => {
    const { id: keyId, key } = await createKey(owner, projectId, 'media');
    const media = keyClient(t.app, key);
    const csv = 'url,type,department,representative\nhttps://example.com/a.mp3,audio,Sales,Ann\n';
    const send = (client: { call: typeof media.call }) =>
      client.call(batchRoutes.create, {
        params: { id: projectId },
        form: multipart([
          { name: 'prompt_id', value: String(promptId) },
          { name: 'file', filename: 'calls.csv', contentType: 'text/csv', data: Buffer.from(csv) },
        ]),
      });
    const created = await send(media);
    expect(created.statusCode).toBe(201);
    const batchId = created.json().data.batch_id;
    const bySession = (await send(owner)).json().data.batch_id;
    const row = (await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId)))[0]!;
    expect(row.apiKeyId).toBe(keyId);
    const list = (await media.call(batchRoutes.list, { params: { id: projectId } })).json().data;
    expect(list.map((b: { id: number }) => b.id)).toEqual([batchId]);
    expect((await media.call(batchRoutes.items, { params: { id: projectId, batchId } })).statusCode).toBe(
      200,
    );
    expect(
      (await media.call(batchRoutes.items, { params: { id: projectId, batchId: bySession } })).statusCode,
    ).toBe(404);
  });
});
