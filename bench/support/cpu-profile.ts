/**
 * Where a process's CPU went: the self time of a V8 CPU profile (`node --cpu-prof`) summed by package
 * (node_modules/<name>), by file, or by function, biggest first; given two profiles, the difference of each
 * (the second's minus the first's), biggest increase first. Idle time is left out.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/bare --import tsx bench/queue-overhead.ts
 *   npx tsx bench/support/cpu-profile.ts package /tmp/bare/CPU.….cpuprofile [/tmp/traced/CPU.….cpuprofile]
 *
 * Options (environment): BENCH_TOP (default 30) lines.
 */
import { readFileSync } from 'node:fs';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}
type Grouping = 'package' | 'file' | 'function';

function selfTimes(file: string, grouping: Grouping): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const micros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    micros.set(id, (micros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const sums = new Map<string, number>();
  for (const { id, callFrame } of profile.nodes) {
    const time = micros.get(id);
    if (!time || callFrame.functionName === '(idle)') continue;
    const key = group(callFrame, grouping);
    sums.set(key, (sums.get(key) ?? 0) + time / 1000);
  }
  return sums;
}

function group({ functionName, url, lineNumber }: Profile['nodes'][number]['callFrame'], grouping: Grouping) {
  if (!url) return functionName || '(anonymous)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const file = inPackage
    ? `${inPackage[1]}/${inPackage[2]}`
    : url.replace(/^file:\/\/.*?\/(apps|bench|packages)\//, '$1/');
  if (grouping === 'package') return inPackage?.[1] ?? (url.startsWith('node:') ? 'node' : file);
  return grouping === 'file' ? file : `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

const [grouping, first, second] = process.argv.slice(2);
if (!first || !['package', 'file', 'function'].includes(grouping ?? '')) {
  throw new Error('usage: cpu-profile.ts package|file|function <a.cpuprofile> [<b.cpuprofile>]');
}
const before = selfTimes(first, grouping as Grouping);
const after = second ? selfTimes(second, grouping as Grouping) : new Map<string, number>();
const total = (sums: Map<string, number>) => [...sums.values()].reduce((sum, ms) => sum + ms, 0);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const a = before.get(key) ?? 0;
  return { key, a, b: after.get(key) ?? 0, sort: second ? (after.get(key) ?? 0) - a : a };
});
console.log(`busy ${total(before).toFixed(0)} ms${second ? ` → ${total(after).toFixed(0)} ms` : ''}`);
for (const { key, a, b, sort } of rows
  .sort((x, y) => y.sort - x.sort)
  .slice(0, Number(process.env.BENCH_TOP ?? 30))) {
  const figures = second
    ? `${sort.toFixed(0).padStart(6)}  ${a.toFixed(0).padStart(6)} → ${b.toFixed(0)}`
    : a.toFixed(0);
  console.log(`${figures.padStart(7)} ms  ${key}`);
}
