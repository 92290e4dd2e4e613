import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { isAllowlisted, type ResolvedAddress, resolveTarget, UrlRefusedError } from '../uploads/ssrf.ts';

/**
 * Where a webhook may go: https (http only to a host on the allow-list of URL uploads, URL_UPLOAD_ALLOW_HOSTS),
 * never to a private or local network address unless allow-listed: the same SSRF guard as link uploads.
 */
export function parseEndpointUrl(ctx: Pick<AppContext, 'config'>, text: string): URL {
  if (!URL.canParse(text)) throw badRequest('The endpoint URL is not a valid URL.', 'invalid_url', 'url');
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest('The endpoint URL must start with https://.', 'invalid_url', 'url');
  }
  if (url.username || url.password) {
    throw badRequest('The endpoint URL must not contain a user name or password.', 'invalid_url', 'url');
  }
  if (url.protocol === 'http:' && !isAllowlisted(url, ctx.config.uploads.urlAllowHosts)) {
    throw badRequest('The endpoint URL must use https://.', 'invalid_url', 'url');
  }
  return url;
}

/** The checked address to connect to; throws UrlRefusedError for a private or unknown host. */
export function webhookTarget(ctx: Pick<AppContext, 'config'>, url: URL): Promise<ResolvedAddress> {
  return resolveTarget(url, ctx.config.uploads.urlAllowHosts);
}

/** Checks an endpoint URL as it is saved: its form, then where its host points now. */
export async function checkEndpointUrl(ctx: Pick<AppContext, 'config'>, text: string): Promise<string> {
  const url = parseEndpointUrl(ctx, text);
  try {
    await webhookTarget(ctx, url);
  } catch (error) {
    if (!(error instanceof UrlRefusedError)) throw error;
    const message = error.message.replace(
      'only links to public servers can be uploaded',
      'webhooks go to public servers only',
    );
    throw badRequest(
      message
        .replace("The link's server", "The endpoint's server")
        .replace('The link points', 'The endpoint URL points'),
      'invalid_url',
      'url',
    );
  }
  return url.toString();
}
