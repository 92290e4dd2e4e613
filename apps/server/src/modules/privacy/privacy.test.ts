import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
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

let t: TestApp;
let owner: Client;
let admin: Client;
let member: Client;
let stranger: Client;
let projectId: number;

const CHOSEN: PrivacySettings = {
  redaction_enabled: true,
  redaction_types: ['card_number', 'card_security_code', 'email'],
  redaction_keep: 'redacted_and_original',
  region: 'GB',
  media_retention_days: 30,
  result_retention_days: 365,
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  member = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner);
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, member, 'user');
});
afterAll(() => t.close());

const url = () => `/api/projects/${projectId}/privacy`;

describe('privacy settings', () => {
  it('answers the defaults before anyone saved them: redaction off, everything kept', async () => {
    const response = await owner.request({ method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(DEFAULT_PRIVACY_SETTINGS);
  });

  it('lets an admin save them and answers them back', async () => {
    const saved = await admin.request({ method: 'PUT', url: url(), payload: CHOSEN });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(CHOSEN);
    const read = await owner.request({ method: 'GET', url: url() });
    expect(read.json().data).toEqual(CHOSEN);
  });

  it('refuses members below admin (403) and strangers (404), and keeps the settings', async () => {
    expect((await member.request({ method: 'GET', url: url() })).statusCode).toBe(403);
    expect(
      (await member.request({ method: 'PUT', url: url(), payload: DEFAULT_PRIVACY_SETTINGS })).statusCode,
    ).toBe(403);
    expect((await stranger.request({ method: 'GET', url: url() })).statusCode).toBe(404);
    expect(
      (await stranger.request({ method: 'PUT', url: url(), payload: DEFAULT_PRIVACY_SETTINGS })).statusCode,
    ).toBe(404);
    expect((await owner.request({ method: 'GET', url: url() })).json().data).toEqual(CHOSEN);
  });

  it('refuses redaction without types, an unknown region and retention out of range', async () => {
    const none = await owner.request({
      method: 'PUT',
      url: url(),
      payload: { ...CHOSEN, redaction_types: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'no_redaction_types', field: 'redaction_types' });
    const region = await owner.request({ method: 'PUT', url: url(), payload: { ...CHOSEN, region: 'XX' } });
    expect(region.statusCode).toBe(400);
    expect(region.json().error).toMatchObject({ code: 'unknown_region', field: 'region' });
    const days = await owner.request({
      method: 'PUT',
      url: url(),
      payload: { ...CHOSEN, media_retention_days: 0 },
    });
    expect(days.statusCode).toBe(400);
    const type = await owner.request({
      method: 'PUT',
      url: url(),
      payload: { ...CHOSEN, redaction_types: ['card_number', 'shoe_size'] },
    });
    expect(type.statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: url() })).json().data).toEqual(CHOSEN);
  });

  it('takes no types while redaction is off, and a full API key may change them', async () => {
    const key = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    const off = { ...DEFAULT_PRIVACY_SETTINGS, redaction_types: [] };
    const saved = await key.request({ method: 'PUT', url: url(), payload: off });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(off);
    const media = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    expect((await media.request({ method: 'GET', url: url() })).statusCode).toBe(403);
  });
});
