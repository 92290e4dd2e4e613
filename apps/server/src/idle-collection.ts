import { performance } from 'node:perf_hooks';

/** V8's `gc()` (present when node runs with `--expose-gc`), with the options its extension takes. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface IdleCollectionOptions {
  /** How often the process looks at itself. */
  intervalMs?: number;
  /** Event-loop utilisation (0–1) below which an interval counts as quiet. */
  idleUtilization?: number;
  /** Quiet intervals in a row that make the process idle (a batch waiting on its provider has quiet moments). */
  quietIntervals?: number;
  /** Growth of the resident memory since the last collection that makes one worth its pause. */
  growthBytes?: number;
  /** The collection; V8's own by default. */
  collect?: Collect;
  /** The process's resident memory in bytes. */
  residentBytes?: () => number;
  /** Told what a collection gave back. */
  collected?: (before: number, after: number) => void;
}

/** The event loop's utilisation since the previous call (0–1). */
function loopUtilization() {
  let previous = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, previous);
    previous = current;
    return utilization;
  };
}

/**
 * Gives memory back once a burst of work is over. V8 keeps the heap it grew to during a batch (hundreds of MB
 * committed over some 80 MB live) and only its memory saver mode, which costs half as much CPU again on every
 * analysis, shrinks it on its own. Instead, when the event loop has been quiet for twenty seconds after the resident memory grew,
 * one memory-reducing full collection runs: a pause of some hundred milliseconds that nobody is waiting on.
 * Needs `--expose-gc` (`npm start` passes it); without it this does nothing.
 */
export function startIdleCollection({
  intervalMs = 10_000,
  idleUtilization = 0.1,
  quietIntervals = 2,
  growthBytes = 48 * 1024 * 1024,
  collect = (globalThis as { gc?: Collect }).gc,
  residentBytes = process.memoryUsage.rss,
  collected = () => {},
}: IdleCollectionOptions = {}): () => void {
  if (typeof collect !== 'function') return () => {};
  const utilization = loopUtilization();
  let baseline = residentBytes();
  let quiet = 0;
  const timer = setInterval(() => {
    quiet = utilization() < idleUtilization ? quiet + 1 : 0;
    const resident = residentBytes();
    if (quiet < quietIntervals) return;
    if (resident - baseline < growthBytes) {
      baseline = Math.min(baseline, resident);
      return;
    }
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    baseline = residentBytes();
    collected(resident, baseline);
    quiet = 0;
    utilization();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
