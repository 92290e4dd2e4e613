import { adminRoutes, SEEDED_PLANS, seededPlanKey } from '@parley/contracts';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { tariffPlans } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: Client;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The web shows these plans translated by matching SEEDED_PLANS, so it must hold what the migration stores. */
describe('seeded tariff plans', () => {
  it('are the plans of SEEDED_PLANS, with exactly its texts', async () => {
    const rows = await t.ctx.db
      .select({ name: tariffPlans.name, description: tariffPlans.description })
      .from(tariffPlans)
      .orderBy(asc(tariffPlans.id));
    expect(rows).toEqual(Object.values(SEEDED_PLANS));
  });

  it('reach users with their seeded texts, which the admin can change', async () => {
    const list = await superAdmin.call(adminRoutes.tariffs);
    const plans: { id: number; name: string; description: string }[] = list.json().data;
    expect(plans.map((plan) => seededPlanKey('name', plan.name)).sort()).toEqual(
      Object.keys(SEEDED_PLANS).sort(),
    );

    const team = plans.find((plan) => plan.name === SEEDED_PLANS.team.name)!;
    const renamed = await superAdmin.call(adminRoutes.updateTariff, {
      params: { tariffId: team.id },
      body: { name: 'Team Plus' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(seededPlanKey('name', renamed.json().data.name)).toBeNull();
    expect(seededPlanKey('description', renamed.json().data.description)).toBe('team');
  });
});
