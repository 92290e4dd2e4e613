import { type PasswordProblem, validatePassword } from '@parley/contracts';
import type { PasswordOwner, PasswordStrength } from '@parley/contracts/password-strength';
import { useEffect, useMemo, useState } from 'react';

type PasswordRule = typeof import('@parley/contracts/password-strength');

let loading: Promise<PasswordRule> | undefined;

/** The shared password rule. Its dictionaries are large, so it loads only on pages that set a password. */
export function loadPasswordRule(): Promise<PasswordRule> {
  loading ??= import('@parley/contracts/password-strength').catch((error: unknown) => {
    loading = undefined; // a failed download is tried again next time
    throw error;
  });
  return loading;
}

/**
 * Why a new password is refused, or null, once the rule has loaded (the length rule alone if it cannot load:
 * the server applies the full rule anyway).
 */
export function passwordProblem(password: string, owner: PasswordOwner): Promise<PasswordProblem | null> {
  return loadPasswordRule().then(
    (rule) => rule.checkPassword(password, owner).problem,
    () => validatePassword(password),
  );
}

/**
 * The strength of a new password for the meter (null until the rule has loaded or while the field is empty),
 * and `check`, which waits for the rule (passwordProblem), for submitting.
 */
export function usePasswordStrength(password: string, owner: PasswordOwner = {}) {
  const [rule, setRule] = useState<PasswordRule | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordRule().then(
      (loaded) => live && setRule(loaded),
      () => {}, // the server applies the same rule
    );
    return () => {
      live = false;
    };
  }, []);
  const { email, name } = owner;
  const strength = useMemo<PasswordStrength | null>(
    () => (rule && password ? rule.checkPassword(password, { email, name }) : null),
    [rule, password, email, name],
  );
  const check = () => passwordProblem(password, { email, name });
  return { strength, check };
}
