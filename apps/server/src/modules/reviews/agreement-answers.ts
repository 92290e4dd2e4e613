import { AGREEMENT_TYPES } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Copies the measured answers (AGREEMENT_TYPES) of the submitted reviews `which` selects (a condition on
 * `reviews r`) into review_agreement_answers, the ledger's narrow table; once per review and field. Migration
 * 0045 backfilled the reviews submitted before it with the same statement.
 */
export async function recordAgreementAnswers(db: Executor, which: SQL): Promise<void> {
  const types = sql.join(
    AGREEMENT_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO review_agreement_answers (review_id, project_id, prompt_version_id, submitted_at, reviewer_name,
                                          path, field_type, ai_value, value)
    SELECT r.id, r.project_id, r.prompt_version_id, r.submitted_at, r.reviewer_name, a.path, a.field_type,
           a.ai_value::text, a.value::text
    FROM reviews r JOIN review_answers a ON a.review_id = r.id
    WHERE r.status = 'submitted' AND r.prompt_version_id IS NOT NULL AND a.field_type IN (${types}) AND ${which}
    ON CONFLICT DO NOTHING`);
}

/** An answer as the ledger counts it: the JSON text back to its value (SQL NULL: none). */
export const answerValue = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
