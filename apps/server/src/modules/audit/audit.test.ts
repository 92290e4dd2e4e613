import { DEFAULT_PRIVACY_SETTINGS, supportRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import { tasks } from '../../db/schema/index.ts';

let t: TestApp;
let owner: Client;
let member: Client;
let stranger: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  member = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner);
  await addMember(t, projectId, member, 'user');
});
afterAll(() => t.close());

const trail = async (query = '') => {
  const response = await owner.request({ method: 'GET', url: `/api/projects/${projectId}/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('audit trail', () => {
  it('records who changed the privacy settings, keys and roles, newest first', async () => {
    await owner.request({
      method: 'PUT',
      url: `/api/projects/${projectId}/privacy`,
      payload: {
        ...DEFAULT_PRIVACY_SETTINGS,
        redaction_enabled: true,
        redaction_types: ['card_number', 'email'],
      },
    });
    const key = await createKey(owner, projectId, 'full', 'CRM');
    await owner.request({ method: 'POST', url: `/api/projects/${projectId}/api-keys/${key.id}/revoke` });
    await owner.request({
      method: 'PUT',
      url: `/api/projects/${projectId}/members/${member.userId}`,
      payload: { role: 'admin' },
    });
    const { data } = await trail();
    expect(data.map((entry: { action: string }) => entry.action)).toEqual([
      'member_role_changed',
      'api_key_revoked',
      'api_key_created',
      'privacy_settings_changed',
    ]);
    expect(data[3]).toMatchObject({
      user_id: owner.userId,
      user_email: owner.email,
      api_key_id: null,
      ip: '127.0.0.1',
      details: { redaction_enabled: true, redaction_types: 'card_number,email' },
    });
    expect(data[2]).toMatchObject({ target_id: key.id, details: { name: 'CRM', type: 'full' } });
    expect(data[0]).toMatchObject({ target_id: member.userId, details: { role: 'admin' } });
    await owner.request({
      method: 'PUT',
      url: `/api/projects/${projectId}/members/${member.userId}`,
      payload: { role: 'user' },
    });
  });

  it('records exports and media readings from the start (not every range a player asks for)', async () => {
    const key = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    const exported = await key.request({
      method: 'GET',
      url: `/api/projects/${projectId}/analyses/export?format=csv`,
    });
    expect(exported.statusCode).toBe(200);
    const taskId = await insertTextTask(t, projectId, null, 'Hello');
    await owner.request({ method: 'GET', url: `/api/projects/${projectId}/analyses/${taskId}/media` });
    await owner.request({
      method: 'GET',
      url: `/api/projects/${projectId}/analyses/${taskId}/media`,
      headers: { range: 'bytes=10-' },
    });
    const { data } = await trail('?action=media_accessed');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ target_id: taskId, user_id: owner.userId });
    const exports = (await trail('?action=analyses_exported')).data;
    expect(exports).toHaveLength(1);
    expect(exports[0].api_key_id).not.toBeNull();
    expect(exports[0].details).toMatchObject({ format: 'csv' });
  });

  it('answers the original transcript to admins only when one is kept, and audits each reading', async () => {
    const taskId = await insertTextTask(t, projectId, null, 'Hello');
    const url = `/api/projects/${projectId}/analyses/${taskId}/original-transcript`;
    expect((await owner.request({ method: 'GET', url })).statusCode).toBe(404);
    await t.ctx.db
      .update(tasks)
      .set({ transcriptOriginal: [{ text: 'My card is 4111 1111 1111 1111', speaker: 'Tom' }] })
      .where(eq(tasks.id, taskId));
    const read = await owner.request({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.transcript[0].text).toBe('My card is 4111 1111 1111 1111');
    expect((await member.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await stranger.request({ method: 'GET', url })).statusCode).toBe(404);
    // Support staff read a granted project as admins do, but never the original.
    const support = await signUp(t.app);
    const role = await owner.call(supportRoutes.setUserRole, {
      params: { userId: support.userId },
      body: { role: 'support' },
    });
    expect(role.statusCode, role.body).toBe(200);
    const granted = await owner.call(supportRoutes.grant, {
      params: { id: projectId },
      body: { duration: 1, unit: 'hours' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await support.request({ method: 'GET', url: `/api/projects/${projectId}` })).statusCode).toBe(
      200,
    );
    expect((await support.request({ method: 'GET', url })).statusCode).toBe(403);
    const { data } = await trail('?action=original_transcript_read');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ target_id: taskId, user_id: owner.userId });
  });

  it('pages, exports as CSV, and is readable by admins and owners only', async () => {
    const first = await trail();
    expect(first.next_before).toBeNull();
    const csv = await owner.request({ method: 'GET', url: `/api/projects/${projectId}/audit/export` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('at,action,user_id,user_email,api_key_id,ip,target_id,details');
    expect(lines).toHaveLength(first.data.length + 1);
    expect(lines[1]).toContain('privacy_settings_changed');
    expect(
      (await member.request({ method: 'GET', url: `/api/projects/${projectId}/audit` })).statusCode,
    ).toBe(403);
    expect(
      (await stranger.request({ method: 'GET', url: `/api/projects/${projectId}/audit` })).statusCode,
    ).toBe(404);
  });

  it('cannot be changed or deleted, even in the database', async () => {
    await expect(t.ctx.db.execute(sql`UPDATE audit_events SET action = 'member_removed'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_events`)).rejects.toThrow();
    expect((await trail()).data.length).toBeGreaterThan(0);
  });
});
