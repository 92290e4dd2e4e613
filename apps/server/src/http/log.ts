import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { isApiPath } from './web.ts';

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

/**
 * Health checks and the web app's pages and files are routine: their request lines go to debug, not info,
 * so the log shows what people and programs do with the API. Failures (5xx) stay at their usual levels.
 */
function isRoutine(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  return pathname === '/api/health' || !isApiPath(pathname);
}

/** Fastify's request lines, with routine requests (isRoutine) at debug. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!isRoutine(request)) super.incomingRequest(request, reply);
    else if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || reply.statusCode >= 500 || !isRoutine(request)) {
      super.requestCompleted(error, request, reply);
    } else if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
