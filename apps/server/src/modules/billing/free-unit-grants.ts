import type { Executor } from '../../db/client.ts';
import { freeUnitGrants } from '../../db/schema/index.ts';
import type { TariffPlanRow } from './dto.ts';

/**
 * A free plan's units (the starter units of a free default plan among them) go to each account once, so that
 * making more projects never makes more free units.
 */

/** A free plan with units to give. */
export const givesFreeUnits = (plan: TariffPlanRow) => plan.priceMicros === 0 && plan.includedUnitsMilli > 0;

/**
 * Records that the account gets the plan's free units now; false when it had them before. Two transactions
 * of one account claiming at once: the second waits on the first's row and gets false once it commits.
 */
export async function claimFreeUnits(tx: Executor, userId: number, plan: TariffPlanRow): Promise<boolean> {
  const claimed = await tx
    .insert(freeUnitGrants)
    .values({ userId, tariffPlanId: plan.id })
    .onConflictDoNothing()
    .returning({ userId: freeUnitGrants.userId });
  return claimed.length > 0;
}
