import { SUPPORT_TEXTS, TWO_FACTOR_TEXTS } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAuditInProjects } from '../audit/record.ts';
import { clearAttempts } from '../auth/limits.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { notifyTwoFactor, removeSecondFactors } from './factors.ts';

/**
 * A super admin's reset of a locked-out account's two-factor sign-in (the route's check): its app, passkeys and
 * recovery codes go and every session ends (the person signs in with the password and sets it up anew), in
 * the audit trail of each of the account's projects; the account is emailed. 404 for no such account, 409
 * `two_factor_not_enabled` when it has no second factor.
 */
export async function resetTwoFactor(ctx: AppContext, actor: AuditActor, userId: number) {
  const user = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound(SUPPORT_TEXTS.userNotFound);
    if (!(await removeSecondFactors(tx, userId)))
      throw conflict(TWO_FACTOR_TEXTS.notEnabledForAccount, 'two_factor_not_enabled');
    await deleteUserSessions(tx, userId);
    const memberships = await tx
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(eq(projectMembers.userId, userId));
    await recordAuditInProjects(
      tx,
      memberships.map((membership) => membership.projectId),
      actor,
      'two_factor_reset',
      { targetId: userId },
    );
    return row;
  });
  ctx.logger.info({ userId, by: actor.userId }, 'Two-factor sign-in reset by a super admin');
  // Setting it up again must not meet the wrong codes the person tried while locked out.
  await clearAttempts(ctx.db, 'two_factor_failure', user.email);
  await notifyTwoFactor(ctx, user, 'reset');
  return user;
}
