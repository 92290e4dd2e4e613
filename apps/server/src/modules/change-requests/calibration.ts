import type { CalibrationField, CalibrationQuery } from '@parley/contracts';
import { correctableFields, FINAL_SCORE_PATH } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

type Field = z.infer<typeof CalibrationField>;
interface Tally {
  analyses: number;
  changed: number;
}

const share = ({ analyses, changed }: Tally) => ({
  analyses,
  changed,
  share: analyses > 0 ? Math.round((changed / analyses) * 10_000) / 10_000 : null,
});

/**
 * Per correctable field of a prompt: of its analyses in the range (the analytics table's, by the project's
 * days; team leaders their teams'), how many had the field's AI value changed by an approved correction, in
 * all, per model (of the prompt version that answered) and per month.
 */
export async function calibration(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof CalibrationQuery>,
): Promise<{ prompt_id: number; fields: Field[] }> {
  const prompt = await findPromptRow(ctx, access, query.prompt_id);
  const visible = taskVisibilityCondition(access);
  const range = sql.join(
    [
      sql`v.project_id = ${access.project.id}`,
      sql`v.prompt_id = ${prompt.id}`,
      // Every completed analysis has one final-score row: one row an analysis, found by the field index.
      sql`v.path = ${FINAL_SCORE_PATH}`,
      ...(query.from ? [sql`v.analysis_date >= ${query.from}`] : []),
      ...(query.to ? [sql`v.analysis_date <= ${query.to}`] : []),
      ...(visible ? [sql`exists (select 1 from tasks where tasks.id = v.task_id and ${visible})`] : []),
    ],
    sql` and `,
  );
  const analyses = sql`
    select v.task_id, coalesce(pv.data->>'model', 'unknown') as model,
      to_char(v.analysis_date, 'YYYY-MM') as month
    from analysis_field_values v
    left join prompt_versions pv on pv.id = v.prompt_version_id
    where ${range}`;
  const result = await ctx.db.execute<{ path: string | null; model: string; month: string; n: number }>(sql`
    with a as (${analyses})
    select null as path, model, month, count(*)::int as n from a group by model, month
    union all
    select c.path, a.model, a.month, count(distinct c.task_id)::int as n
    from analysis_corrections c join a on a.task_id = c.task_id
    where c.project_id = ${access.project.id}
    group by c.path, a.model, a.month`);
  const totals = result.rows.filter((row) => row.path === null);
  const changes = result.rows.filter((row) => row.path !== null);
  const sum = (rows: typeof totals, keep: (row: (typeof totals)[number]) => boolean) =>
    rows.filter(keep).reduce((total, row) => total + row.n, 0);
  const models = [...new Set(totals.map((row) => row.model))].sort();
  const months = [...new Set(totals.map((row) => row.month))].sort();
  return {
    prompt_id: prompt.id,
    fields: correctableFields(prompt.content).map(({ path, field }) => {
      const changed = changes.filter((row) => row.path === path);
      return {
        path,
        label: field.key,
        field_type: field.type,
        ...share({ analyses: sum(totals, () => true), changed: sum(changed, () => true) }),
        per_model: models.map((model) => ({
          model,
          ...share({
            analyses: sum(totals, (row) => row.model === model),
            changed: sum(changed, (row) => row.model === model),
          }),
        })),
        per_month: months.map((month) => ({
          month,
          ...share({
            analyses: sum(totals, (row) => row.month === month),
            changed: sum(changed, (row) => row.month === month),
          }),
        })),
      };
    }),
  };
}
