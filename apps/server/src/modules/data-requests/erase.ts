import { maskPersonValue, type PersonSearchKind } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { storageOf } from '../../storage/index.ts';
import { auditRequest } from '../audit/record.ts';
import { forgetBatchRows } from '../batches/erased.ts';
import { anonymiseAnalysisCharges } from '../billing/erased-analyses.ts';
import { createEntry } from '../blacklist/service.ts';
import { forgetChangeRequests } from '../change-requests/erased.ts';
import { forgetDriveFiles } from '../google-drive/erased.ts';
import { privacySettings } from '../privacy/settings.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { forgetReceiverEvents } from '../receivers/erased.ts';
import { eraseAnalyses, planErasure } from '../tasks/erase.ts';
import { phonePattern } from './search.ts';

export const ERASE_TEXTS = {
  blacklistNeedsPhone: 'Only a phone number can be added to the blacklist.',
  blacklistNeedsCountry:
    'Write the number with its country code (+44 …), or set the project’s region in the privacy settings, to blacklist it.',
} as const;

export interface ErasureOutcome {
  erased: number;
  skipped: number;
  media_removed: number;
  blacklisted: boolean;
}

/**
 * Erases the chosen analyses (GDPR article 17). The media bytes go first, then one transaction clears the rows
 * (tasks/erase.ts), describes their ledger lines by id alone and drops what other modules keep of the
 * conversation (change requests, bulk-upload rows, Drive file names, receivers' call metadata): an erasure cut off in between leaves
 * rows that a second one finds and finishes (removing a missing object is no error), never bytes without a row.
 * The audit entry keeps counts and the searched value masked.
 */
export async function erasePerson(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  input: { task_ids: number[]; kind: PersonSearchKind; value: string; blacklist: boolean },
  request: FastifyRequest,
): Promise<ErasureOutcome> {
  const projectId = access.project.id;
  if (input.blacklist && input.kind !== 'phone') {
    throw badRequest(ERASE_TEXTS.blacklistNeedsPhone, 'blacklist_needs_phone', 'blacklist');
  }
  // A phone number that cannot be searched cannot be blacklisted either: refuse before anything is deleted.
  const phone =
    input.kind === 'phone'
      ? phonePattern(input.value, (await privacySettings(ctx.db, projectId)).region)
      : null;

  if (input.blacklist && phone?.international === null) {
    throw badRequest(ERASE_TEXTS.blacklistNeedsCountry, 'phone_needs_country', 'value');
  }

  const plan = await planErasure(ctx.db, projectId, [...new Set(input.task_ids)]);
  const storage = storageOf(ctx.config);
  for (const media of plan.media) if (media.key) await storage.remove(media.key);
  const erased = await ctx.db.transaction(async (tx) => {
    const ids = await eraseAnalyses(tx, projectId, plan);
    await anonymiseAnalysisCharges(tx, projectId, ids);
    await forgetChangeRequests(tx, ids);
    await forgetBatchRows(tx, ids);
    await forgetDriveFiles(tx, ids);
    await forgetReceiverEvents(tx, ids);
    return ids;
  });

  let blacklisted = false;
  if (input.blacklist && phone) {
    try {
      await createEntry(ctx, access, userId, {
        phone_number: phone.international ?? phone.searched,
        note: null,
      });
      blacklisted = true;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'duplicate_number')) throw error;
      blacklisted = true;
    }
  }
  const outcome: ErasureOutcome = {
    erased: erased.length,
    skipped: plan.skipped.length,
    media_removed: plan.media.filter((media) => media.key !== null).length,
    blacklisted,
  };
  await auditRequest(ctx.db, request, 'data_erased', {
    details: {
      kind: input.kind,
      value: maskPersonValue(input.kind, input.value),
      analyses: outcome.erased,
      skipped: outcome.skipped,
      media_removed: outcome.media_removed,
      blacklisted,
    },
  });
  return outcome;
}
