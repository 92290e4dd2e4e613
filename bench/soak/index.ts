/**
 * The soak suite (issue 37): the real server as separate processes on this machine (an API process and two
 * worker processes from the sources, on a fresh database reached through a TCP proxy, a fake Anthropic),
 * driven over HTTP through tenant isolation, worker kills, a database outage, a race for a small balance,
 * hostile input and load. Prints a table of figures with their goals; exits non-zero when a goal is missed.
 *
 *   npm run soak                       (embedded PostgreSQL in a temporary folder, or DATABASE_URL's server)
 *   SOAK_SCALE=small npm run soak      (the short form CI runs: fewer in flight, shorter cuts and load;
 *                                       time-based goals are printed but do not fail it)
 *   SOAK_ONLY=workerKills npm run soak (some scenarios only, by name)
 */
import { loadavg } from 'node:os';
import { balanceRace } from './balance.ts';
import { hostileInput } from './hostile.ts';
import { tenantIsolation } from './isolation.ts';
import { listLoad } from './load.ts';
import { databaseOutage } from './outage.ts';
import { type Figure, printTable } from './report.ts';
import { SCALES, type Scale } from './scale.ts';
import { startStack } from './stack.ts';
import { workerKills } from './worker-kill.ts';

const scaleName = process.env.SOAK_SCALE ?? 'full';
const scale: Scale | undefined = SCALES[scaleName];
if (!scale) throw new Error(`SOAK_SCALE must be ${Object.keys(SCALES).join(' or ')}, not ${scaleName}`);

const scenarios = [tenantIsolation, balanceRace, workerKills, databaseOutage, listLoad, hostileInput];

/** SOAK_ONLY=workerKills,databaseOutage runs only those scenarios (while working on one). */
const only = process.env.SOAK_ONLY?.split(',');

const started = performance.now();
let timer: NodeJS.Timeout | undefined;
const overTime = new Promise<never>((_, reject) => {
  timer = setTimeout(
    () => reject(new Error(`The soak ran over its ${scale.limitMinutes} minutes: stopped`)),
    scale.limitMinutes * 60_000,
  );
});
overTime.catch(() => {}); // awaited by each scenario's race; until then nobody else need hear of it
const stack = await startStack();
const figures: Figure[] = [];
try {
  for (const scenario of scenarios.filter((s) => !only || only.includes(s.name))) {
    const from = performance.now();
    console.log(`${scenario.name} …`);
    figures.push(...(await Promise.race([scenario(stack, scale), overTime])));
    console.log(`  done in ${((performance.now() - from) / 1000).toFixed(0)} s`);
  }
} catch (error) {
  console.error(error);
  figures.push({ scenario: 'soak', figure: 'finished', value: 'no', goal: 'yes', met: false });
} finally {
  clearTimeout(timer);
  await stack.close();
}
const minutes = (performance.now() - started) / 60_000;
console.log(
  `\nSoak (${scaleName}): ${minutes.toFixed(1)} min, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);
const failed = printTable(figures, scale.strictTiming);
// A scenario stopped by the time limit may still wait on something; its processes are gone.
process.exit(failed ? 1 : 0);
