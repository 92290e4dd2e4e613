import { adminRoutes, billingRoutes, projectRoutes, toMilliUnits, uploadRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer, type FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, createProject, signUp, type TestApp } from '../../../test/harness.ts';
import { GREETING_ANSWER } from '../../../test/tasks.ts';
import { createPrompt, META, multipart } from '../../../test/uploads.ts';
import { unitBundles } from '../../db/schema/index.ts';
import { runTask } from '../pipeline/run.ts';
import { ledgerMismatches } from './ledger.ts';

/**
 * Starter units: the included units of a free default plan, given as a bundle to the first project each
 * account creates (while they are set), so that a trial analyses at once, before any top-up.
 */

let app: AnalysisApp;
let t: TestApp;
let anthropic: FakeUpstream;
let owner: Client;
let superAdmin: Client;
let defaultPlanId: number;

beforeAll(async () => {
  app = await startAnalysisApp('starter');
  ({ t, anthropic, owner, superAdmin } = app);
  const plans = (await superAdmin.call(adminRoutes.tariffs)).json().data;
  defaultPlanId = plans.find((plan: { is_default: boolean }) => plan.is_default).id;
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(anthropic.pending, 'every scripted answer was used').toBe(0);
  anthropic.reset();
});

const setStarterUnits = async (units: number, validity: number | null) => {
  const response = await superAdmin.call(adminRoutes.updateTariff, {
    params: { tariffId: defaultPlanId },
    body: { included_minutes: units, validity_period: validity },
  });
  expect(response.statusCode).toBe(200);
};
const bundles = async (projectId: number) =>
  (await superAdmin.call(billingRoutes.units, { params: { id: projectId } })).json().data;
/** The units each of the project's bundles was given with. */
const unitsOf = async (projectId: number): Promise<number[]> =>
  (await bundles(projectId)).map((bundle: { included_amount: number }) => bundle.included_amount);
const upload = (projectId: number, promptId: number) =>
  owner.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify(META) },
      {
        name: 'file',
        filename: 'chat.txt',
        contentType: 'text/plain',
        data: Buffer.from('Agent: Hello, Acme Solar.\nClient: Hi, what do your panels cost?\n'),
      },
    ]),
  });

describe('starter units for new projects', () => {
  it('0 by default: a new project has no bundle and its upload is refused for want of funds', async () => {
    const projectId = await createProject(owner, 'No starter units');
    expect(await bundles(projectId)).toEqual([]);
    const promptId = await createPrompt(owner, projectId);
    const refused = await upload(projectId, promptId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('insufficient_funds');
  });

  it('30: a new project gets a 30-unit bundle and its first analysis is charged from it, without a top-up', async () => {
    await setStarterUnits(30, 14);
    const projectId = await createProject(owner, 'Trial');
    const [bundle] = await bundles(projectId);
    expect(bundle).toMatchObject({ left_amount: 30, included_amount: 30, free: true });
    const days = (Date.parse(bundle.expire) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const promptId = await createPrompt(owner, projectId);
    const uploaded = await upload(projectId, promptId);
    expect(uploaded.statusCode).toBe(201);
    anthropic.script(answer(GREETING_ANSWER));
    expect(await runTask(t.ctx, uploaded.json().data.task_id, { lastAttempt: true })).toBe('completed');

    const [left] = await bundles(projectId);
    expect(left.left_amount).toBeLessThan(30);
    const project = (await owner.call(projectRoutes.get, { params: { id: projectId } })).json().data;
    expect(project.current_balance).toBe(0);
    const invoices = (
      await owner.call(billingRoutes.invoices, { params: { id: projectId }, query: { period: 'all' } })
    ).json().data;
    expect(invoices).toEqual([expect.objectContaining({ type: 'debit', amount: 0, status: 'settled' })]);
    const [charged] = invoices;
    expect(charged.free_units).toBe(charged.unit_amount);
    expect(toMilliUnits(left.left_amount) + toMilliUnits(charged.unit_amount)).toBe(30_000);
    expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  });

  it('are given once per account: of three projects one account creates, only the first gets them', async () => {
    await setStarterUnits(30, null);
    const account = await signUp(t.app);
    const first = await createProject(account, 'First');
    const second = await createProject(account, 'Second');
    const third = await createProject(account, 'Third');
    expect(await unitsOf(first)).toEqual([30]);
    expect(await unitsOf(second)).toEqual([]);
    expect(await unitsOf(third)).toEqual([]);
    // Another account's first project gets its own.
    expect(await unitsOf(await createProject(await signUp(t.app), 'Elsewhere'))).toEqual([30]);
  });

  it('two projects created at the same moment by one account: only one of them gets them', async () => {
    await setStarterUnits(30, null);
    const account = await signUp(t.app);
    const ids = await Promise.all(['Left', 'Right', 'Middle'].map((name) => createProject(account, name)));
    const given = await Promise.all(ids.map(unitsOf));
    expect(given.flat()).toEqual([30]);
  });

  it('deleting the project that got them, or buying the free default plan elsewhere, gives them no second time', async () => {
    await setStarterUnits(30, null);
    const account = await signUp(t.app);
    const first = await createProject(account, 'Farm 1');
    expect(await unitsOf(first)).toEqual([30]);
    const deleted = await account.call(projectRoutes.remove, {
      params: { id: first },
      body: { confirm_name: 'Farm 1' },
    });
    expect(deleted.statusCode).toBe(200);
    const second = await createProject(account, 'Farm 2');
    expect(await unitsOf(second)).toEqual([]);
    const bought = await account.call(billingRoutes.purchase, {
      params: { id: second },
      body: { tariff_id: defaultPlanId },
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.bundle).toBeNull();
    expect(await unitsOf(second)).toEqual([]);
  });

  it('are given once per project too: buying the free default plan again adds no second bundle', async () => {
    await setStarterUnits(30, null);
    const account = await signUp(t.app);
    const projectId = await createProject(account, 'Prolonged');
    const bought = await account.call(billingRoutes.purchase, {
      params: { id: projectId },
      body: { tariff_id: defaultPlanId },
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.bundle).toBeNull();
    const rows = await t.ctx.db.select().from(unitBundles).where(eq(unitBundles.projectId, projectId));
    expect(rows).toHaveLength(1);
  });

  it('go to the account that creates the project: a project handed over leaves its new owner theirs', async () => {
    await setStarterUnits(30, null);
    const creator = await signUp(t.app);
    const heir = await signUp(t.app);
    const handed = await createProject(creator, 'Handed over');
    await addMember(t, handed, heir, 'admin');
    const transferred = await creator.call(projectRoutes.transferOwnership, {
      params: { id: handed },
      body: { user_id: heir.userId },
    });
    expect(transferred.statusCode).toBe(200);
    expect(await unitsOf(handed)).toEqual([30]);
    expect(await unitsOf(await createProject(heir, "Heir's own"))).toEqual([30]);
    expect(await unitsOf(await createProject(creator, "Creator's next"))).toEqual([]);
  });

  it('an account whose projects were made while they were 0 gets them with its next project', async () => {
    await setStarterUnits(0, null);
    const account = await signUp(t.app);
    expect(await unitsOf(await createProject(account, 'Before'))).toEqual([]);
    await setStarterUnits(30, null);
    expect(await unitsOf(await createProject(account, 'After'))).toEqual([30]);
  });

  it('back to 0: new projects get none again; existing bundles stay', async () => {
    await setStarterUnits(0, null);
    expect(await bundles(await createProject(await signUp(t.app), 'After the trial'))).toEqual([]);
  });
});
