import type { RouteBody, TwoFactorSignInRequest, twoFactorRoutes } from '@parley/contracts';

/**
 * The browser's side of a passkey: navigator.credentials.create() and .get() through @simplewebauthn/browser,
 * which is fetched only when a ceremony starts (its own chunk, never on the first visit). The options are the
 * server's (PasskeyOptionsResponse), passed on as they are.
 */

type Options = { challenge: string };
type NewPasskey = RouteBody<typeof twoFactorRoutes.addPasskey>['credential'];
type SignedChallenge = Extract<TwoFactorSignInRequest, { passkey: unknown }>['passkey'];

/** Whether the browser has WebAuthn at all (the same check as the library's browserSupportsWebAuthn). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Creates a passkey for the registration options; rejects with the browser's error (see ceremonyProblem). */
export async function createPasskey(options: Options): Promise<NewPasskey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { response, clientExtensionResults, ...credential } = await startRegistration({
    optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  // Copies of the library's interfaces, which the contract's open object types accept (an interface has no
  // index signature).
  return { ...credential, response: { ...response }, clientExtensionResults: { ...clientExtensionResults } };
}

/** Signs the sign-in options' challenge with one of the account's passkeys. */
export async function signWithPasskey(options: Options): Promise<SignedChallenge> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { response, clientExtensionResults, ...credential } = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return { ...credential, response: { ...response }, clientExtensionResults: { ...clientExtensionResults } };
}

/** What went wrong in the browser, as a key of `twoFactorSignIn.passkey.*`. */
export type CeremonyProblem = 'cancelled' | 'alreadyAdded' | 'wrongAddress' | 'notSupported' | 'failed';

/**
 * The reason of a failed ceremony by the DOMException's name, which the library keeps on its WebAuthnError.
 * Browsers answer NotAllowedError for a cancelled prompt, a timeout and a refused one alike, so it reads as
 * "cancelled"; null for an error that did not come from the browser's ceremony (e.g. the server's answer).
 */
export function ceremonyProblem(error: unknown): CeremonyProblem | null {
  if (!(error instanceof Error)) return null;
  switch (error.name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'InvalidStateError':
      return 'alreadyAdded';
    case 'SecurityError':
      return 'wrongAddress';
    case 'NotSupportedError':
    case 'ConstraintError':
      return 'notSupported';
    case 'UnknownError':
      return 'failed';
    default:
      // The library's own refusal when the browser has no WebAuthn.
      return error.message.includes('WebAuthn is not supported') ? 'notSupported' : null;
  }
}
