import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Tariff plans. Money in integer micros of `currency` (1 USD = 1,000,000), units in milli-units. Seeded by
 * the billing migration; exactly one plan is the default that new projects get.
 */
export const tariffPlans = pgTable(
  'tariff_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Purchase cost; 0 means a free or promotional plan (its units are reported as free units). */
    priceMicros: bigint('price_micros', { mode: 'number' }).notNull().default(0),
    /** The money price of one unit used beyond the bundles. */
    pricePerUnitMicros: bigint('price_per_unit_micros', { mode: 'number' }).notNull(),
    /** Units granted as a bundle on purchase or assignment. */
    includedUnitsMilli: bigint('included_units_milli', { mode: 'number' }).notNull().default(0),
    /** Days a bundle lasts; null: unlimited. */
    validityDays: integer('validity_days'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Public plans can be bought by project admins; the others are assigned by a super admin. */
    isPublic: boolean('public').notNull().default(true),
    currency: text('currency').notNull().default('USD'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tariff_plans_name_key').on(t.name),
    uniqueIndex('tariff_plans_single_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check(
      'tariff_plans_amounts_check',
      sql`${t.priceMicros} >= 0 AND ${t.pricePerUnitMicros} >= 0 AND ${t.includedUnitsMilli} >= 0 AND (${t.validityDays} IS NULL OR ${t.validityDays} > 0)`,
    ),
  ],
);
