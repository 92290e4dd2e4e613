import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { isSupportedCountry } from 'libphonenumber-js/max';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectPrivacy } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';

type PrivacyRow = typeof projectPrivacy.$inferSelect;

function toSettings(row: PrivacyRow): PrivacySettings {
  return {
    redaction_enabled: row.redactionEnabled,
    redaction_types: row.redactionTypes,
    redaction_keep: row.redactionKeep,
    region: row.region,
    media_retention_days: row.mediaRetentionDays,
    result_retention_days: row.resultRetentionDays,
  };
}

/** A project's privacy settings; the defaults (redaction off, everything kept) until someone saves them. */
export async function privacySettings(db: Executor, projectId: number): Promise<PrivacySettings> {
  const [row] = await db.select().from(projectPrivacy).where(eq(projectPrivacy.projectId, projectId));
  return row ? toSettings(row) : DEFAULT_PRIVACY_SETTINGS;
}

export async function updatePrivacySettings(
  ctx: Pick<AppContext, 'db'>,
  access: ProjectAccess,
  userId: number,
  input: PrivacySettings,
): Promise<PrivacySettings> {
  if (input.redaction_enabled && input.redaction_types.length === 0) {
    throw badRequest('Choose at least one kind of data to redact.', 'no_redaction_types', 'redaction_types');
  }
  if (input.region !== null && !isSupportedCountry(input.region)) {
    throw badRequest(
      `No phone numbering is known for the country ${input.region}.`,
      'unknown_region',
      'region',
    );
  }
  const values = {
    redactionEnabled: input.redaction_enabled,
    redactionTypes: [...new Set(input.redaction_types)],
    redactionKeep: input.redaction_keep,
    region: input.region,
    mediaRetentionDays: input.media_retention_days,
    resultRetentionDays: input.result_retention_days,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(projectPrivacy)
    .values({ projectId: access.project.id, ...values })
    .onConflictDoUpdate({ target: projectPrivacy.projectId, set: values })
    .returning();
  return toSettings(row!);
}
