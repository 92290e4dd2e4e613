import { type TwoFactorSignInRequest, twoFactorRoutes } from '@parley/contracts';
import { call } from '../../shared/api/client';
import { signedIn } from '../../shared/api/session';
import { useAction } from '../../shared/hooks/useAction';
import { signWithPasskey } from './passkeyCeremony';

/**
 * The second step of a sign-in: a code of the authenticator app or a recovery code opens the session. Answers
 * the project the first step joined (a Google sign-in that accepted an invitation), if any.
 */
export function useFinishTwoFactorSignIn() {
  return useAction(async (body: TwoFactorSignInRequest) => {
    const answer = await call(twoFactorRoutes.signIn, { body });
    await signedIn(answer.data);
    return { joinedProjectId: answer.joined_project_id };
  });
}

/** The second step with a passkey: the server's challenge, signed by the browser, opens the session. */
export function usePasskeySignIn() {
  const finish = useFinishTwoFactorSignIn();
  return useAction(async (_: undefined) => {
    const { options } = (await call(twoFactorRoutes.passkeySignInOptions, {})).data;
    return finish.mutateAsync({ passkey: await signWithPasskey(options) });
  });
}
