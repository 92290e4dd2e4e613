import { checkPassword, type PasswordOwner } from '@parley/contracts/password-strength';

/** Runs in a worker thread of password-rule.ts: the strength rule's verdict on a new password. */
export default function check({ password, owner }: { password: string; owner: PasswordOwner }) {
  return checkPassword(password, owner).problem;
}
