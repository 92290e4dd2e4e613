import type { UiLanguage } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { countPasswordAttempt } from '../auth/limits.ts';
import { assertPasswordAllowed } from '../auth/password-rule.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import type { UserRow } from './dto.ts';

export async function updateUser(
  ctx: AppContext,
  userId: number,
  changes: { name?: string; language?: UiLanguage },
): Promise<UserRow> {
  const [user] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionToken: string | null,
  input: { current_password?: string; new_password: string },
): Promise<void> {
  await countPasswordAttempt(ctx.db, 'password_change', user.email);
  // An account made with Google sign-in sets its first password without one (its session proves who it is).
  if (
    user.passwordHash !== null &&
    !(await verifyPassword(user.passwordHash, input.current_password ?? ''))
  ) {
    throw new AppError('invalid', 'wrong_password', 'The current password is not correct.');
  }
  await assertPasswordAllowed(input.new_password, user);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await deleteUserSessions(ctx.db, user.id, sessionToken ?? undefined);
}
