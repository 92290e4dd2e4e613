import { forbidden } from '../../errors.ts';
import type { UserRow } from '../users/dto.ts';

export const DEACTIVATED_MESSAGE =
  "This account has been deactivated by your organisation's identity provider. Ask your administrator to " +
  'reactivate it.';

/**
 * Refuses an account its identity provider deactivated (SCIM active=false): every way in (password, emailed
 * links, Google, SSO) calls it before a session is made. Only someone who proved they own the account sees it.
 */
export function assertActive(user: Pick<UserRow, 'deactivatedAt'>): void {
  if (user.deactivatedAt !== null) throw forbidden(DEACTIVATED_MESSAGE, 'account_deactivated');
}
