import { ANALYTICS_VALUE_TYPES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

// No reference to the project: a deleted project's values are deleted, and the triggers take the sums with them.
const fieldColumns = () => ({
  projectId: integer('project_id').notNull(),
  promptId: integer('prompt_id').notNull(),
  path: text('path').notNull(),
});

/** A group's key after its day or month, then its sums: the same in the day and the month tables. */
const sumColumns = () => ({
  valueType: text('value_type', { enum: ANALYTICS_VALUE_TYPES }).notNull(),
  representative: text('representative'),
  department: text('department'),
  maxScore: doublePrecision('max_score'),
  /** The prompt version that answered (migration 0038): reports filter by it and count changed fields apart. */
  promptVersionId: integer('prompt_version_id'),
  /** Values (analyses with a value of the path). */
  analyses: integer('analyses').notNull(),
  scoreSum: doublePrecision('score_sum').notNull(),
  /** Values with a score (n/a and categories have none). */
  scored: integer('scored').notNull(),
  passed: integer('passed').notNull(),
  missed: integer('missed').notNull(),
  na: integer('na').notNull(),
  /** Units charged for the analyses (final score rows). */
  unitsMilli: bigint('units_milli', { mode: 'number' }).notNull(),
  /** Values that knocked their analysis out (final score rows: knocked-out analyses); migration 0036. */
  knockouts: integer('knockouts').notNull().default(0),
});

/**
 * analysis_field_values added up per day: one row per project, prompt, path, day, value type, representative,
 * department, highest score and prompt version, with how many values, their score sum, the yes/no outcomes and (final scores)
 * the units charged. What the dashboard, the explorer, the checklist report and the field lists read (in the
 * bench a quarter of the rows, and narrow); the explorer reads the values themselves only for lowest and
 * highest scores and the counts of categories.
 *
 * Kept exact by the statement triggers of migration 0015 on analysis_field_values (insert, update, delete,
 * truncate), whatever writes that table: a row's counts are the sums of its values, and a row whose count
 * reaches 0 is deleted. The unique key includes the nullable columns (NULLS NOT DISTINCT) and, in the
 * migration, the counts as INCLUDE columns (drizzle cannot express INCLUDE).
 */
export const analysisFieldDays = pgTable(
  'analysis_field_days',
  {
    ...fieldColumns(),
    analysisDate: date('analysis_date', { mode: 'string' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    unique('analysis_field_days_key')
      .on(
        t.projectId,
        t.promptId,
        t.path,
        t.analysisDate,
        t.valueType,
        t.representative,
        t.department,
        t.maxScore,
        t.promptVersionId,
      )
      .nullsNotDistinct(),
    // The dashboard over every prompt, by day: final scores (with the units) and yes/no items; the migration
    // adds the columns they sum as INCLUDE columns.
    index('analysis_field_days_final_idx')
      .on(t.projectId, t.analysisDate)
      .where(sql`${t.valueType} = 'final'`),
    index('analysis_field_days_items_idx')
      .on(t.projectId, t.analysisDate)
      .where(sql`${t.valueType} IN ('bool', 'ok')`),
  ],
);

/**
 * analysis_field_days added up per calendar month of the project's days (month: its first day): what reports over
 * long ranges read for the whole months they span, taking the days at their ends from analysis_field_days.
 * Kept exact by migration 0029's extension of the same statement triggers; same columns and key otherwise.
 */
export const analysisFieldMonths = pgTable(
  'analysis_field_months',
  {
    ...fieldColumns(),
    month: date('month', { mode: 'string' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    unique('analysis_field_months_key')
      .on(
        t.projectId,
        t.promptId,
        t.path,
        t.month,
        t.valueType,
        t.representative,
        t.department,
        t.maxScore,
        t.promptVersionId,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * How many analyses had each value of a field (other than yes/no items, which analysis_field_days counts by
 * outcome) per month, representative and department: the value as the insights show it, its text or else its
 * score as text. What the field-context panel and an insight's top values read for whole months (the days at
 * a range's ends come from analysis_field_values). Kept exact by migration 0029's statement triggers on
 * analysis_field_values; a row whose count reaches 0 is deleted. The count is an INCLUDE column of the key.
 */
export const analysisValueMonths = pgTable(
  'analysis_value_months',
  {
    projectId: integer('project_id').notNull(),
    promptId: integer('prompt_id').notNull(),
    path: text('path').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    representative: text('representative'),
    department: text('department'),
    value: text('value').notNull(),
    analyses: integer('analyses').notNull(),
  },
  (t) => [
    unique('analysis_value_months_key')
      .on(t.projectId, t.promptId, t.path, t.month, t.representative, t.department, t.value)
      .nullsNotDistinct(),
  ],
);
