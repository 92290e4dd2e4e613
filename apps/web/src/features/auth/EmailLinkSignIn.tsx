import { Alert, Stack } from '@mui/material';
import { asksSecondFactor, type TwoFactorRequired, type User } from '@parley/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { TWO_FACTOR_SIGN_IN_PATH, twoFactorState } from '../../shared/auth/redirect';
import { LoadingState } from '../../shared/components/States';
import type { Action } from '../../shared/hooks/useAction';

interface EmailLinkSignInProps {
  /** Signs in with the link's token. */
  signIn: Action<string, User | TwoFactorRequired>;
  title: string;
  signingIn: string;
  /** Shown when the server refuses the token (unknown, expired or used: 400). */
  invalid: string;
  missingToken: string;
  /** Where to go from a link that did not work. */
  actions: ReactNode;
}

/** A page of an emailed link (?token=…): signs in with its token once, then opens the app. */
export function EmailLinkSignIn({
  signIn,
  title,
  signingIn,
  invalid,
  missingToken,
  actions,
}: EmailLinkSignInProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const errorMessage = useErrorMessage();
  // The token works once: send it once, even when an effect runs twice.
  const sent = useRef(false);
  const { mutate } = signIn;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token, {
      onSuccess: (answer) =>
        void (asksSecondFactor(answer)
          ? navigate(TWO_FACTOR_SIGN_IN_PATH, { replace: true, state: twoFactorState(answer.methods) })
          : navigate('/dashboard', { replace: true })),
    });
  }, [token, mutate, navigate]);

  let problem: string | null = null;
  if (!token) problem = missingToken;
  else if (signIn.isError) problem = isApiError(signIn.error, 400) ? invalid : errorMessage(signIn.error);

  return (
    <AuthLayout title={title}>
      {problem ? (
        <Stack spacing={2}>
          <Alert severity="error">{problem}</Alert>
          <Stack direction="row" spacing={1.5}>
            {actions}
          </Stack>
        </Stack>
      ) : (
        <LoadingState label={signingIn} minHeight={160} />
      )}
    </AuthLayout>
  );
}
