import { type MemberRole, roleRank, TWO_FACTOR_TEXTS } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { viewerOf } from '../auth/plugin.ts';
import type { ProjectAccess, ProjectRow } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { hasSecondFactor } from './factors.ts';

/**
 * Whether the signed-in user meets a project's two-factor rule. The one place that decides it: a session opened
 * through single sign-on meets it by the identity provider's sign-in (whose own factors Parley cannot see);
 * any other needs a second factor on the account.
 */
export async function meetsTwoFactorRequirement(db: Executor, user: UserRow): Promise<boolean> {
  if (viewerOf(user)?.signInMethod === 'sso') return true;
  return hasSecondFactor(db, user.id);
}

/**
 * The project access check's part (projects/access.ts, for requests of signed-in users, not API keys): in a
 * project that requires two-factor sign-in, whoever acts as admin or owner there (members, super admins, support
 * staff) needs a second factor: 403 `two_factor_required` otherwise.
 */
export async function assertTwoFactorRule(
  db: Executor,
  project: ProjectRow,
  user: UserRow,
  role: MemberRole,
): Promise<void> {
  if (!project.requireTwoFactor || roleRank(role) < roleRank('admin')) return;
  if (!(await meetsTwoFactorRequirement(db, user)))
    throw forbidden(TWO_FACTOR_TEXTS.required, 'two_factor_required');
}

/** Turns the rule on or off (owner; checked by the route). The owner turning it on must meet it. */
export async function setTwoFactorPolicy(
  ctx: AppContext,
  access: ProjectAccess,
  user: UserRow,
  required: boolean,
): Promise<{ require_two_factor: boolean }> {
  if (required && !(await meetsTwoFactorRequirement(ctx.db, user)))
    throw badRequest(TWO_FACTOR_TEXTS.ownerNeedsSecondFactor, 'two_factor_not_enabled');
  const [row] = await ctx.db
    .update(projects)
    .set({ requireTwoFactor: required, updatedAt: new Date() })
    .where(eq(projects.id, access.project.id))
    .returning({ required: projects.requireTwoFactor });
  return { require_two_factor: row!.required };
}
