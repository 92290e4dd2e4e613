import { type authRoutes, firstVisitEndpoints, type RouteBody } from '@parley/contracts';
import { useAction } from '../hooks/useAction';
import { KeptAnswer, useKeptAnswer } from '../hooks/useKeptAnswer';
import { firstStepDone } from './session';
import { callUnchecked } from './transport';

// The sign-in page's own calls (the session check is session.ts's): through callUnchecked, without zod.

/**
 * Whether the installation has any account (a fresh one opens sign-up). Kept once it has: until then every
 * sign-in page asks, so the first account's sign-up is not remembered as "none".
 */
const installation = new KeptAnswer(
  async () => (await callUnchecked<typeof authRoutes.installation>(firstVisitEndpoints.installation)).data,
  (answer) => answer.has_accounts,
);

export function useInstallation() {
  return useKeptAnswer(installation);
}

export function useLogin() {
  return useAction(
    async (body: RouteBody<typeof authRoutes.login>) =>
      (await callUnchecked<typeof authRoutes.login>(firstVisitEndpoints.login, body)).data,
    firstStepDone,
  );
}
