import { pino } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export type Logger = pino.Logger;

/** One readable line per entry: `[req-1] request completed 200 in 12 ms`. */
function humanLine(log: Record<string, unknown>, messageKey: string): string {
  const parts = [String(log[messageKey] ?? '')];
  if (log.reqId !== undefined) parts.unshift(`[${log.reqId}]`);
  const req = log.req as { method?: string; url?: string } | undefined;
  if (req) parts.push(`${req.method} ${req.url}`);
  const res = log.res as { statusCode?: number } | undefined;
  if (res) parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`in ${Math.round(log.responseTime)} ms`);
  return parts.join(' ');
}

/** Readable lines on a terminal, JSON lines otherwise (files, pipes, log collectors). */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  const options = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  if (!process.stdout.isTTY) return pino(options);
  return pino(
    options,
    pretty({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: humanLine,
    }),
  );
}
