import type { User } from '@parley/contracts';
import type { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language,
    role: row.role,
    is_super_admin: row.isSuperAdmin,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
  };
}
