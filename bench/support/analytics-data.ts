import { type PromptField, PromptInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/context.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { ProjectAccess } from '../../apps/server/src/modules/projects/access.ts';
import { createPrompt } from '../../apps/server/src/modules/prompts/service.ts';
import { publishedVersion } from '../../apps/server/src/modules/prompts/versions.ts';
import { insertRealisticAnalyses } from './realistic-rows.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: `${key}?`,
  includeInScore: type !== 'option',
  ...extra,
});
const marks = (top: number) => Array.from({ length: top + 1 }, (_, value) => ({ value, explanation: '' }));

/** A sales scorecard: 5 yes/no items (two nested, two with n/a), 2 marks, an option, a number, the score. */
export const BENCH_CONTENT: PromptField[] = [
  field('Summary', 'string'),
  field('Title', 'string'),
  field('Greeting', 'bool'),
  field('Discovery', 'object', { content: [field('Budget', 'ok'), field('Timeline', 'bool')] }),
  field('Next Steps', 'bool'),
  field('Close', 'ok'),
  field('Tone', 'marks', { marks: marks(5) }),
  field('Product Knowledge', 'marks', { marks: marks(3) }),
  field('Outcome', 'option', {
    options: ['Won', 'Lost', 'Follow-up', 'No decision'].map((value) => ({ value, explanation: '' })),
  }),
  field('Objections', 'int'),
  field('Final Score', 'float', { includeInScore: false }),
];

/**
 * The rows analytics keeps per analysis of BENCH_CONTENT (k: the field's number for the pseudo-random value,
 * na: percent of n/a answers). A representative's skill (0..29) raises their pass rates and score.
 */
const FIELDS = sql.raw(`(VALUES
  (1, 'Greeting', 'bool', 1, 0), (2, 'Discovery.Budget', 'ok', 1, 15), (3, 'Discovery.Timeline', 'bool', 1, 0),
  (4, 'Next Steps', 'bool', 1, 0), (5, 'Close', 'ok', 1, 25), (6, 'Tone', 'marks', 5, 0),
  (7, 'Product Knowledge', 'marks', 3, 0), (8, 'Outcome', 'option', NULL, 0), (9, 'Objections', 'int', NULL, 0),
  (10, 'Final Score', 'final', NULL, 0)
) AS f(k, path, type, max, na)`);

/** Two prompts of the scorecard (three quarters of the analyses use the first) and their versions. */
export async function benchPrompts(
  ctx: AppContext,
  access: ProjectAccess,
): Promise<Array<{ id: number; versionId: number }>> {
  const made = [];
  for (const scriptName of ['Sales QA', 'Renewals QA']) {
    const prompt = await createPrompt(ctx, access, PromptInput.parse({ scriptName, content: BENCH_CONTENT }));
    const versionId = (await publishedVersion(ctx.db, prompt.projectId, prompt.id))!.id;
    made.push({ id: prompt.id, versionId });
  }
  return made;
}

/**
 * `rows` completed analyses of a project evenly over the two years before now (ids in time order), 200
 * representatives in 10 departments, as wide as the pipeline writes them (realistic-rows.ts: transcript, result,
 * metrics, a media row each; the results answer the sales scorecard, the analytics rows this one's fields, which
 * no analytics query compares); then their analytics rows, one INSERT of the rows
 * recordFieldValues writes for such answers (a million analyses through it would take hours), so the app's
 * statement triggers keep the day sums, month sums and value counts from them as they do for every writer.
 */
export async function insertBenchAnalyses(
  db: Db,
  project: { id: number; timezone: string },
  prompts: Array<{ id: number; versionId: number }>,
  rows: number,
): Promise<void> {
  await insertRealisticAnalyses(db, { project, prompts, rows, failedShare: 0, concurrency: 2 });
  await db.execute(sql`
    INSERT INTO analysis_field_values (task_id, project_id, prompt_id, prompt_version_id, path, value_type, score,
                                       max_score, value, outcome, in_score, representative, department, analysis_date,
                                       units_milli)
    SELECT t.id, t.project_id, t.prompt_id, t.prompt_version_id, f.path, f.type, v.score, f.max,
           CASE f.type WHEN 'bool' THEN (v.score = 1)::text
                       WHEN 'ok' THEN CASE WHEN v.score IS NULL THEN 'n/a' WHEN v.score = 1 THEN 'ok' ELSE 'not ok' END
                       WHEN 'marks' THEN v.score::int::text
                       WHEN 'option' THEN (ARRAY['Won', 'Lost', 'Follow-up', 'No decision'])[1 + r.h % 4] END,
           CASE WHEN f.type NOT IN ('bool', 'ok') THEN NULL WHEN v.score IS NULL THEN 'na'
                WHEN v.score = 1 THEN 'passed' ELSE 'missed' END,
           f.type NOT IN ('option', 'final'), t.representative, t.department,
           (t.created_at AT TIME ZONE ${project.timezone})::date,
           CASE WHEN f.type = 'final' THEN t.units_charged_milli END
    FROM tasks t CROSS JOIN ${FIELDS}
    CROSS JOIN LATERAL (SELECT abs(hashint4(t.id * 16 + f.k)) % 100 AS h, (t.id % 200) % 30 AS skill) AS r
    CROSS JOIN LATERAL (SELECT CASE
      WHEN f.type IN ('bool', 'ok') AND r.h < f.na THEN NULL
      WHEN f.type IN ('bool', 'ok') THEN (r.h < 50 + f.na + r.skill)::int
      WHEN f.type = 'marks' THEN (r.h + r.skill) % (f.max + 1)
      WHEN f.type = 'int' THEN r.h % 7
      WHEN f.type = 'final' THEN t.final_score
    END::float8 AS score) AS v
    WHERE t.project_id = ${project.id}`);
}
