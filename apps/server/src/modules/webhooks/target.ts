import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { isAllowlisted, type ResolvedAddress, resolveTarget, UrlRefusedError } from '../uploads/ssrf.ts';

/**
 * Why a URL may not receive Parley's posts, or null: https (http only to a host on the allow-list of URL uploads,
 * URL_UPLOAD_ALLOW_HOSTS), never to a private or local network address unless allow-listed: the same SSRF guard
 * as link uploads. `what` names the URL in the messages ("endpoint": "The endpoint URL …").
 */
export async function urlRefusal(
  ctx: Pick<AppContext, 'config'>,
  text: string,
  what: string,
): Promise<string | null> {
  if (!URL.canParse(text)) return `The ${what} URL is not a valid URL.`;
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `The ${what} URL must start with https://.`;
  if (url.username || url.password) return `The ${what} URL must not contain a user name or password.`;
  if (url.protocol === 'http:' && !isAllowlisted(url, ctx.config.uploads.urlAllowHosts)) {
    return `The ${what} URL must use https://.`;
  }
  try {
    await webhookTarget(ctx, url);
  } catch (error) {
    if (!(error instanceof UrlRefusedError)) throw error;
    return error.message
      .replace('only links to public servers can be uploaded', 'webhooks go to public servers only')
      .replace("The link's server", `The ${what}'s server`)
      .replace('The link points', `The ${what} URL points`);
  }
  return null;
}

/** The checked address to connect to; throws UrlRefusedError for a private or unknown host. */
export function webhookTarget(ctx: Pick<AppContext, 'config'>, url: URL): Promise<ResolvedAddress> {
  return resolveTarget(url, ctx.config.uploads.urlAllowHosts);
}

/** Checks an endpoint URL as it is saved: its form, then where its host points now. */
export async function checkEndpointUrl(ctx: Pick<AppContext, 'config'>, text: string): Promise<string> {
  const refusal = await urlRefusal(ctx, text, 'endpoint');
  if (refusal) throw badRequest(refusal, 'invalid_url', 'url');
  return new URL(text).toString();
}
