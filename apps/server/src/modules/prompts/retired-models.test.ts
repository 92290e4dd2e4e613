import { type LvaOption, type ProviderId, promptUnitsMilli } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { modelUnitsMilli } from '../../ai/catalog.ts';
import { prompts } from '../../db/schema/index.ts';
import { moveRetiredModels } from './retired-models.ts';

let t: TestApp;
let owner: Client;
let member: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app);
  owner = await signUp(t.app);
  member = await signUp(t.app);
  projectId = await createProject(owner, 'Old models');
  await addMember(t, projectId, member, 'user');
});
afterAll(async () => {
  await t.close();
});

const url = (rest = '') => `/api/projects/${projectId}/prompts${rest}`;
const content = [{ key: 'Greeting', type: 'ok', explanation: '', includeInScore: true }];

/** A prompt saved while its model was still served (the API now refuses retired models). */
async function promptOn(scriptName: string, provider: ProviderId, model: string, LVA: LvaOption = 'none') {
  const response = await owner.request({
    method: 'POST',
    url: url(),
    payload: { scriptName, provider, LVA, content },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as number;
  const unitsMilli = promptUnitsMilli(modelUnitsMilli(t.ctx.config, provider, model), LVA);
  await t.ctx.db.update(prompts).set({ model, unitsMilli }).where(eq(prompts.id, id));
  return id;
}
const read = async (id: number) => (await owner.request({ method: 'GET', url: url(`/${id}`) })).json().data;

describe('prompts on retired models', () => {
  it('move to the successor at start, with its units and a notice; a second start changes nothing', async () => {
    const sonnet = await promptOn('Sonnet 3.7', 'anthropic', 'claude-3-7-sonnet-20250219', 'emlo');
    const opus = await promptOn('Opus 3', 'anthropic', 'claude-3-opus-20240229');
    const gemini = await promptOn('Gemini', 'google', 'gemini-1.5-pro');
    const current = await promptOn('Current', 'anthropic', 'claude-haiku-4-5-20251001');
    expect((await read(opus)).units).toBe(3);

    const at = new Date('2026-12-01T08:00:00.000Z');
    expect(await moveRetiredModels(t.ctx.config, t.ctx, t.ctx.logger, at)).toBe(3);

    expect(await read(sonnet)).toMatchObject({
      model: 'claude-sonnet-4-5-20250929',
      units: 1.2, // Sonnet 4.5 (1) + the emlo surcharge (0.2)
      modelNotice: {
        from: 'claude-3-7-sonnet-20250219',
        to: 'claude-sonnet-4-5-20250929',
        at: at.toISOString(),
      },
    });
    expect(await read(opus)).toMatchObject({ model: 'claude-opus-4-5-20251101', units: 1.7 });
    expect(await read(gemini)).toMatchObject({
      model: 'gemini-2.5-pro',
      modelNotice: { from: 'gemini-1.5-pro', to: 'gemini-2.5-pro' },
    });
    expect(await read(current)).toMatchObject({ model: 'claude-haiku-4-5-20251001', modelNotice: null });
    expect(t.logs).toContainEqual(expect.objectContaining({ prompts: 3 }));

    expect(await moveRetiredModels(t.ctx.config, t.ctx, t.ctx.logger)).toBe(0);
    expect((await read(sonnet)).modelNotice.at).toBe(at.toISOString());
  });

  it('keeps the notice until an admin dismisses it or saves the prompt', async () => {
    const dismissed = await promptOn('Dismissed', 'openai', 'gpt-4-turbo');
    const saved = await promptOn('Saved', 'groq', 'mixtral-8x7b-32768');
    await moveRetiredModels(t.ctx.config, t.ctx, t.ctx.logger);
    expect((await read(dismissed)).modelNotice).toMatchObject({ from: 'gpt-4-turbo', to: 'gpt-4.1' });

    const byMember = await member.request({ method: 'DELETE', url: url(`/${dismissed}/model-notice`) });
    expect(byMember.statusCode).toBe(403);
    const response = await owner.request({ method: 'DELETE', url: url(`/${dismissed}/model-notice`) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ model: 'gpt-4.1', modelNotice: null });
    expect((await read(dismissed)).modelNotice).toBeNull();
    expect((await owner.request({ method: 'DELETE', url: url('/999999/model-notice') })).statusCode).toBe(
      404,
    );

    const before = await read(saved);
    expect(before).toMatchObject({
      model: 'llama-3.3-70b-versatile',
      modelNotice: { from: 'mixtral-8x7b-32768' },
    });
    const put = await owner.request({
      method: 'PUT',
      url: url(`/${saved}`),
      payload: { scriptName: 'Saved', provider: 'groq', model: before.model, content },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.modelNotice).toBeNull();
  });
});
