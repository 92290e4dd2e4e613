import { LVA_OPTIONS, promptUnitsMilli, RETIRED_MODELS } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { modelUnitsMilli } from '../../ai/catalog.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { prompts } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';

/**
 * A start-up step (not a migration, so a release that retires more models needs only the catalog): every
 * prompt on a retired model moves to its successor, with the units of the successor and a notice on the
 * prompt. Analyses keep the prompt version they ran with, so they still name the old model. Safe when
 * several processes start at once: a prompt already moved no longer matches.
 */
export async function moveRetiredModels(
  config: Config,
  { db }: Pick<Database, 'db'>,
  logger: Logger,
  now = new Date(),
): Promise<number> {
  let moved = 0;
  for (const provider of Object.keys(RETIRED_MODELS) as Array<keyof typeof RETIRED_MODELS>) {
    for (const { info, successor } of RETIRED_MODELS[provider]) {
      const successorUnits = modelUnitsMilli(config, provider, successor);
      // The stored units are the model's plus the prompt's LVA surcharge: one statement per LVA option.
      for (const lva of LVA_OPTIONS) {
        const updated = await db
          .update(prompts)
          .set({
            model: successor,
            unitsMilli: promptUnitsMilli(successorUnits, lva),
            modelNotice: { from: info.model, to: successor, at: now.toISOString() },
            updatedAt: now,
          })
          .where(and(eq(prompts.provider, provider), eq(prompts.model, info.model), eq(prompts.lva, lva)))
          .returning({ id: prompts.id });
        moved += updated.length;
      }
    }
  }
  if (moved > 0) logger.info({ prompts: moved }, 'Prompts on retired models moved to their successors');
  return moved;
}
