/** The sizes of one soak run: `full` (issue 37's figures) or `small` (CI, at most 5 minutes on 2 cores). */
export interface Scale {
  /** Analyses in flight when a worker process is killed, and how many times. */
  inFlight: number;
  kills: number;
  /** How long the database is cut. */
  outageSeconds: number;
  /** Concurrent uploads racing for a balance of `balanceUnits`. */
  uploads: number;
  balanceUnits: number;
  /** Load: connections and seconds. */
  connections: number;
  loadSeconds: number;
  /** Hostile requests at most (a spread sample of every route's when there are more). */
  hostileRequests: number;
  /** The whole run stops (and fails) after this long, whatever waits on what. */
  limitMinutes: number;
  /** Whether time-based goals fail the run (not on a busy CI machine). */
  strictTiming: boolean;
}

export const SCALES: Record<string, Scale> = {
  full: {
    inFlight: 200,
    kills: 3,
    outageSeconds: 15,
    uploads: 100,
    balanceUnits: 5,
    connections: 100,
    loadSeconds: 60,
    hostileRequests: Number.POSITIVE_INFINITY,
    limitMinutes: 15,
    strictTiming: true,
  },
  small: {
    inFlight: 40,
    kills: 1,
    outageSeconds: 8,
    uploads: 100,
    balanceUnits: 5,
    connections: 20,
    loadSeconds: 10,
    hostileRequests: 3000,
    limitMinutes: 5,
    strictTiming: false,
  },
};
