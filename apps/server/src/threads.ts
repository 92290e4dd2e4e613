import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * Worker threads for CPU-bound work that must not hold up the event loop: `<name>.ts` beside the module at
 * `moduleUrl` when run from the sources, `<name>.mjs` beside `dist/main.mjs` when run from the bundle (npm start).
 * Made on first use; a thread exits a minute after its last task (it keeps what its work loaded, such as
 * dictionaries), and idle threads do not keep the process alive.
 */
export function threadPool<Input, Output>(name: string, moduleUrl: string): () => Piscina<Input, Output> {
  let pool: Piscina<Input, Output> | undefined;
  return () => {
    pool ??= new Piscina({
      filename: new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.mjs'}`, moduleUrl).href,
      minThreads: 0,
      idleTimeout: 60_000,
      // Half the cores at most: the event loop, argon2 and the database need the rest.
      maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    });
    return pool;
  };
}
