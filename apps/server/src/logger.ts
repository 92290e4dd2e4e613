import { pino } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';
import { traceFields } from './telemetry/spans.ts';
import { hasFields } from './thrown.ts';

export type Logger = pino.Logger;

/** One readable line per entry: `[req-1] request completed 200 in 12 ms`. */
function humanLine(log: Record<string, unknown>, messageKey: string): string {
  const parts = [String(log[messageKey] ?? '')];
  if (log.reqId !== undefined) parts.unshift(`[${log.reqId}]`);
  const { req, res } = log;
  if (hasFields(req)) parts.push(`${req.method} ${req.url}`);
  if (hasFields(res)) parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`in ${Math.round(log.responseTime)} ms`);
  return parts.join(' ');
}

/**
 * An error as a log line keeps its message, stack and fields of plain values (a PostgreSQL error's code,
 * detail, ...), and its cause and inner errors the same way; never the objects it holds. node-postgres puts
 * its whole client on the error of a dropped idle connection (`client`: connection parameters, process id,
 * cancel key), pg-boss spreads such errors into plain objects, and a provider's error holds the request.
 */
function withoutObjects(error: unknown, depth = 0): unknown {
  if (!hasFields(error)) return error;
  const copy: Record<string, unknown> = Object.create(Object.getPrototypeOf(error));
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) copy[key] = value;
  }
  const { message, stack, cause, errors } = error;
  Object.assign(copy, { message, stack });
  if (depth < 5 && cause !== undefined) copy.cause = withoutObjects(cause, depth + 1);
  if (depth < 5 && Array.isArray(errors))
    copy.errors = errors.map((inner) => withoutObjects(inner, depth + 1));
  return copy;
}

const serializers = { err: (error: unknown) => pino.stdSerializers.err(withoutObjects(error) as Error) };

/**
 * Readable lines on a terminal, JSON lines otherwise (files, pipes, log collectors, or `destination`). With
 * tracing on, a line written within a span carries its trace_id and span_id (telemetry/spans.ts).
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers,
    mixin: traceFields,
  };
  if (destination) return pino(options, destination);
  if (!process.stdout.isTTY) return pino(options);
  return pino(
    options,
    pretty({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId,req,res,responseTime,trace_id,span_id',
      messageFormat: humanLine,
    }),
  );
}
