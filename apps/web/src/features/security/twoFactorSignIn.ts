import { type TwoFactorSignInRequest, twoFactorRoutes } from '@parley/contracts';
import { call } from '../../shared/api/client';
import { signedIn } from '../../shared/api/session';
import { useAction } from '../../shared/hooks/useAction';
import { signWithPasskey } from './passkeyCeremony';

/** The second step of a sign-in: a code of the authenticator app or a recovery code opens the session. */
export function useFinishTwoFactorSignIn() {
  return useAction(
    async (body: TwoFactorSignInRequest) => (await call(twoFactorRoutes.signIn, { body })).data,
    signedIn,
  );
}

/** The second step with a passkey: the server's challenge, signed by the browser, opens the session. */
export function usePasskeySignIn() {
  const finish = useFinishTwoFactorSignIn();
  return useAction(async (_: undefined) => {
    const { options } = (await call(twoFactorRoutes.passkeySignInOptions, {})).data;
    return finish.mutateAsync({ passkey: await signWithPasskey(options) });
  });
}
