import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** The migration that gives starter units (and a free plan's units) once per account, not per project. */
const MIGRATION = '0022_starter_units_once_per_account';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

describe(`migration ${MIGRATION}`, () => {
  it('counts the owners of projects that got starter units or bought a free plan as having had them', async () => {
    const { pool } = database;
    const id = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const user = (email: string) =>
      id(`INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`, [email]);
    const plan = (name: string, isDefault = false) =>
      id(
        `INSERT INTO tariff_plans (name, price_per_unit_micros, included_units_milli, is_default, public)
         VALUES ($1, 50000, 30000, $2, true) ON CONFLICT (name) DO UPDATE SET included_units_milli = 30000
         RETURNING id`,
        [name, isDefault],
      );
    const project = async (name: string, members: Array<[number, string]>) => {
      const projectId = await id(`INSERT INTO projects (name) VALUES ($1) RETURNING id`, [name]);
      for (const [userId, role] of members) {
        await pool.query(`INSERT INTO project_members (project_id, user_id, role) VALUES ($1, $2, $3)`, [
          projectId,
          userId,
          role,
        ]);
      }
      return projectId;
    };
    const bundle = async (projectId: number, planId: number, purchase: boolean) => {
      const invoiceId = purchase
        ? await id(
            `INSERT INTO invoices (project_id, type, status, amount_micros, currency, description, reference)
             VALUES ($1, 'debit', 'settled', 0, 'USD', 'Plan purchase', 'purchase') RETURNING id`,
            [projectId],
          )
        : null;
      await pool.query(
        `INSERT INTO unit_bundles (project_id, tariff_plan_id, plan_name, included_milli, left_milli, is_free,
                                   invoice_id)
         VALUES ($1, $2, 'Plan', 30000, 30000, true, $3)`,
        [projectId, planId, invoiceId],
      );
    };

    const starter = await plan('Pay as you go', true);
    const promo = await plan('Spring promo');
    const trial = await plan('Trial');
    const owner = await user('owner@example.com');
    const admin = await user('admin@example.com');
    const buyer = await user('buyer@example.com');
    const assigned = await user('assigned@example.com');
    await bundle(
      await project('Starter', [
        [owner, 'owner'],
        [admin, 'admin'],
      ]),
      starter,
      false,
    );
    await bundle(await project('Promo', [[buyer, 'owner']]), promo, true);
    await bundle(await project('Assigned', [[assigned, 'owner']]), trial, false);

    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query(
      'SELECT user_id, tariff_plan_id FROM free_unit_grants ORDER BY user_id',
    );
    expect(rows).toEqual([
      { user_id: owner, tariff_plan_id: starter },
      { user_id: buyer, tariff_plan_id: promo },
    ]);
  });
});
