import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'info' }, sink), lines };
}

/** What node-postgres's pool emits for an idle connection the server dropped: the client rides along. */
function droppedConnection() {
  const client = {
    connectionParameters: { user: 'parley', host: 'db.internal', port: 5432, password: 'db-password' },
    processID: 4242,
    secretKey: 987654,
  };
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
    client,
  });
}

describe('error log lines', () => {
  it("keep an error's message, stack and plain fields, never the database client it holds", () => {
    const { logger, lines } = capture();
    const error = droppedConnection();
    logger.warn({ err: error }, 'Pool error');
    // pg-boss spreads the error into a plain object with its queue and worker.
    logger.error(
      { err: { ...error, message: error.message, stack: error.stack, queue: 'analysis' } },
      'Queue',
    );
    logger.error({ err: new Error('Failed query: select 1', { cause: error }) }, 'Query');

    expect(lines[0]!.err).toMatchObject({
      type: 'Error',
      message: 'terminating connection due to administrator command',
      code: '57P01',
      severity: 'FATAL',
      stack: expect.stringContaining('droppedConnection'),
    });
    expect(lines[1]!.err).toMatchObject({ code: '57P01', queue: 'analysis' });
    expect(JSON.stringify(lines[2]!.err)).toContain('terminating connection');
    for (const line of lines) {
      const text = JSON.stringify(line);
      for (const secret of ['client', 'connectionParameters', 'processID', 'secretKey', 'db-password']) {
        expect(text).not.toContain(secret);
      }
    }
  });
});
