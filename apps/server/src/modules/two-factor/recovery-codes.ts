import { randomInt } from 'node:crypto';
import { TWO_FACTOR } from '@parley/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import { hashToken } from '../auth/tokens.ts';

// Crockford's base32 (no i, l, o, u): 5 bits a character, 50 bits a code.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Spaces, dashes and case do not matter when a recovery code is typed, nor o for 0 or i and l for 1. */
function normalize(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: TWO_FACTOR.recoveryCodeLength }, () => ALPHABET[randomInt(32)]).join('');
  const half = TWO_FACTOR.recoveryCodeLength / 2;
  return `${chars.slice(0, half)}-${chars.slice(half)}`;
}

/**
 * Replaces the account's recovery codes with new ones, stored hashed (SHA-256: each code is random, single use
 * and guessed only through the per-account code limit). Answers the codes, shown to their owner once.
 */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalize(code)) })));
  return codes;
}

/** Uses up one of the account's recovery codes; false when it is not one of them or was used already. */
export async function useRecoveryCode(db: Executor, userId: number, code: string): Promise<boolean> {
  const typed = normalize(code);
  if (typed.length !== TWO_FACTOR.recoveryCodeLength) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(typed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
