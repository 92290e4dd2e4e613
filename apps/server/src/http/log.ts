/**
 * Secrets that travel in URLs (invitation tokens in /api/invites/{token}, `token=` of emailed links such as
 * /invite?token=… and /reset-password?token=…) are replaced before a request is logged. API keys travel in the
 * Authorization header, which is never logged (the request serializer below has no headers, and the logger
 * redacts req.headers.authorization and req.headers.cookie as well).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/invites\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|api_key|key)=)[^&#]*/gi, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request log fields, with redactUrl applied. */
export function requestLogSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
