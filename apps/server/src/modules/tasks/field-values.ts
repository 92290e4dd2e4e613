import {
  extractFieldValues,
  ROLE_METRIC_FIELDS,
  ROLE_METRIC_KEYS,
  roleMetricPath,
  SpeakerRoles,
  type StoredResultColumn,
} from '@parley/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysisFieldValues, projects, tasks } from '../../db/schema/index.ts';
import { readPromptVersions } from '../prompts/versions.ts';
import { resultWithPrompts } from './result.ts';

type FieldValueRow = typeof analysisFieldValues.$inferInsert;

/** Rows per insert statement (15 parameters a row stays far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000;

interface TaskFacts {
  id: number;
  projectId: number;
  promptId: number | null;
  promptVersionId: number | null;
  chosenPromptVersionId: number | null;
  result: StoredResultColumn | null;
  speakerRoles: SpeakerRoles | null;
  representative: string | null;
  department: string | null;
  analysisDate: string;
}

type RowValue = Pick<
  FieldValueRow,
  'path' | 'valueType' | 'score' | 'maxScore' | 'value' | 'outcome' | 'inScore' | 'knockout'
>;

/** The conversation's metrics per role as number values (a prompt field of the same path wins). */
function roleMetricValues(speakerRoles: unknown, taken: ReadonlySet<string>): RowValue[] {
  const metrics = SpeakerRoles.safeParse(speakerRoles).data?.metrics ?? {};
  return ROLE_METRIC_KEYS.flatMap((key) => {
    const score = metrics[key];
    const path = roleMetricPath(key);
    if (score === undefined || score === null || taken.has(path)) return [];
    const { type } = ROLE_METRIC_FIELDS[key];
    return [
      {
        path,
        valueType: type,
        score,
        maxScore: null,
        value: null,
        outcome: null,
        inScore: false,
        knockout: false,
      },
    ];
  });
}

/**
 * The analytics rows of one completed task: its answer's field values, its final score and the metrics per
 * speaker role.
 */
function rowsOf(task: TaskFacts, versions: Map<number, Record<string, unknown>>): FieldValueRow[] {
  const chosen =
    task.chosenPromptVersionId === null ? null : (versions.get(task.chosenPromptVersionId) ?? null);
  const own = task.promptVersionId === null ? null : (versions.get(task.promptVersionId) ?? null);
  const result = resultWithPrompts(task.result, { task: own, chosen });
  const values = result?.values ?? {};
  const prompt = result?.prompt;
  const content = prompt?.content ?? [];
  const score = result?.score ?? null;
  const promptId = prompt?.id ?? task.promptId ?? 0;
  const fields: RowValue[] = extractFieldValues(content, values, score).map((value) => ({
    path: value.path,
    valueType: value.type,
    score: value.score,
    maxScore: value.max,
    value: value.value,
    outcome: value.outcome,
    inScore: value.inScore,
    knockout: value.knockout,
  }));
  const taken = new Set(fields.map((field) => field.path));
  return [...fields, ...roleMetricValues(task.speakerRoles, taken)].map((value) => ({
    taskId: task.id,
    projectId: task.projectId,
    promptId,
    promptVersionId: chosen ? task.chosenPromptVersionId : task.promptVersionId,
    ...value,
    representative: task.representative,
    department: task.department,
    analysisDate: task.analysisDate,
  }));
}

/**
 * Writes the analytics rows of these tasks anew (completed ones; others just lose theirs): call it in the
 * transaction that completes a task or changes its result. Answers the number of tasks recorded.
 */
export async function recordFieldValues(db: Executor, taskIds: readonly number[]): Promise<number> {
  if (taskIds.length === 0) return 0;
  const found = await db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      promptId: tasks.promptId,
      promptVersionId: tasks.promptVersionId,
      chosenPromptVersionId: tasks.chosenPromptVersionId,
      result: tasks.result,
      speakerRoles: tasks.speakerRoles,
      representative: tasks.representative,
      department: tasks.department,
      analysisDate: sql<string>`((${tasks.conversationAt} AT TIME ZONE ${projects.timezone})::date)::text`,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(inArray(tasks.id, [...taskIds]), eq(tasks.status, 'completed'), isNotNull(tasks.result)));
  const versions = await readPromptVersions(
    db,
    found.flatMap((task) => [task.promptVersionId, task.chosenPromptVersionId]),
  );
  const rows = found.flatMap((task) => rowsOf(task, versions));
  await db.delete(analysisFieldValues).where(inArray(analysisFieldValues.taskId, [...taskIds]));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(analysisFieldValues).values(rows.slice(start, start + INSERT_CHUNK));
  }
  return found.length;
}
