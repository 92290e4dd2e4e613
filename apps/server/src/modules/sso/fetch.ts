import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isAllowlisted, resolveTarget, UrlRefusedError } from '../uploads/ssrf.ts';

/** How long a call to an identity provider (discovery, keys, token, metadata) may take. */
const IDP_TIMEOUT_MS = 15_000;

/**
 * fetch for identity-provider addresses an administrator typed: the same SSRF guard as link uploads (no private or
 * local network address unless the host is on URL_UPLOAD_ALLOW_HOSTS), https unless allow-listed, no redirects
 * followed. A refused address is a 422 naming why.
 */
export function idpFetch(ctx: Pick<AppContext, 'config'>) {
  const allowHosts = ctx.config.uploads.urlAllowHosts;
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowlisted(url, allowHosts))) {
      throw unreachable(`${url.origin} must use https://.`);
    }
    try {
      await resolveTarget(url, allowHosts);
    } catch (error) {
      if (error instanceof UrlRefusedError) throw unreachable(error.message.replace("The link's", 'The'));
      throw error;
    }
    return fetch(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(IDP_TIMEOUT_MS) });
  };
}

/** Whether http:// may be used for an address (only hosts on the allow-list, for tests and private setups). */
export function insecureAllowed(ctx: Pick<AppContext, 'config'>, url: URL): boolean {
  return url.protocol === 'http:' && isAllowlisted(url, ctx.config.uploads.urlAllowHosts);
}

export function unreachable(reason: string): AppError {
  return new AppError('unprocessable', 'idp_unreachable', `The identity provider cannot be used: ${reason}`);
}
