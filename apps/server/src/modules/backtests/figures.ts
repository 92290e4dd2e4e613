import {
  AGREEMENT_TYPES,
  agreementFigures,
  BACKTEST,
  type BacktestChange,
  type BacktestFieldRow,
  correctableFields,
  type FieldType,
  isAiValue,
  type PromptField,
  type ResultValues,
  valueAtPath,
} from '@parley/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { backtestItems, reviewAnswers, tasks } from '../../db/schema/index.ts';

export interface BacktestFigures {
  rows: BacktestFieldRow[];
  changes: BacktestChange[];
  changes_total: number;
}

/** One reviewed answer of an analysed conversation, with the draft's answer at its path. */
interface Answer {
  taskId: number;
  title: string | null;
  path: string;
  type: FieldType;
  ai: unknown;
  human: unknown;
  draft: unknown;
}

const pairs = (answers: Answer[], side: 'ai' | 'draft') =>
  answers.map((answer) => ({ ai: answer[side], human: answer.human, count: 1 }));

/**
 * A backtest's figures from its analysed conversations: per field of the draft that the reviews answered (of
 * the ledger's kinds, with the type the draft gives it), agreement of the reviewers with the analyses and
 * with the draft, and the answers the draft changed (texts compared trimmed, as the ledger does), in the
 * order of the conversations (newest review first), then of the draft's fields.
 */
export async function backtestFigures(
  db: Executor,
  backtestId: number,
  draftFields: PromptField[],
): Promise<BacktestFigures> {
  const fields = correctableFields(draftFields).filter(({ field }) => AGREEMENT_TYPES.includes(field.type));
  const order = new Map(fields.map(({ path, field }, index) => [path, { index, type: field.type }]));
  const rows = await db
    .select({
      itemId: backtestItems.id,
      taskId: backtestItems.taskId,
      title: tasks.title,
      values: backtestItems.values,
      path: reviewAnswers.path,
      type: reviewAnswers.fieldType,
      ai: reviewAnswers.aiValue,
      human: reviewAnswers.value,
    })
    .from(backtestItems)
    .innerJoin(tasks, eq(tasks.id, backtestItems.taskId))
    .innerJoin(reviewAnswers, eq(reviewAnswers.reviewId, backtestItems.reviewId))
    .where(
      and(
        eq(backtestItems.backtestId, backtestId),
        eq(backtestItems.status, 'done'),
        inArray(reviewAnswers.fieldType, [...AGREEMENT_TYPES]),
      ),
    )
    .orderBy(asc(backtestItems.id));
  const answers: Answer[] = rows
    .filter((row) => order.get(row.path)?.type === row.type)
    .sort((a, b) => a.itemId - b.itemId || order.get(a.path)!.index - order.get(b.path)!.index)
    .map((row) => ({
      taskId: row.taskId,
      title: row.title,
      path: row.path,
      type: row.type,
      ai: row.ai,
      human: row.human,
      draft: valueAtPath(row.values as ResultValues | null, row.path) ?? null,
    }));
  const changed = answers.filter((answer) => !isAiValue(answer.draft, answer.ai));
  const fieldRows = fields.flatMap(({ path, field }): BacktestFieldRow[] => {
    const ofField = answers.filter((answer) => answer.path === path);
    if (ofField.length === 0) return [];
    return [
      {
        path,
        type: field.type,
        published: agreementFigures(field.type, pairs(ofField, 'ai')),
        draft: agreementFigures(field.type, pairs(ofField, 'draft')),
        changed: changed.filter((answer) => answer.path === path).length,
      },
    ];
  });
  return {
    rows: fieldRows,
    changes: changed.slice(0, BACKTEST.changesListed).map((answer) => ({
      task_id: answer.taskId,
      title: answer.title,
      path: answer.path,
      type: answer.type,
      ai_value: answer.ai,
      draft_value: answer.draft,
      human_value: answer.human,
    })),
    changes_total: changed.length,
  };
}
