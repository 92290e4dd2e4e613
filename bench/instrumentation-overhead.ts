/**
 * Instrumentation overhead bench: what the metrics and the traces cost the analysis pipeline. It runs the
 * queue bench (`bench/queue-overhead.ts`, each run a process of its own on a fresh database) alternately
 * without instrumentation (BENCH_METRICS=off, no OTLP endpoint) and with all of it (metrics recorded, every
 * span exported over OTLP to a local collector that accepts and counts them), in the order ABBA so that a
 * change in the machine's load falls on both, and prints the median tasks a second of each way and their
 * difference, for the direct pipeline and through the queue with an instant provider.
 *
 *   npx tsx bench/instrumentation-overhead.ts                       (embedded PostgreSQL per run)
 *   DATABASE_URL=postgres://... npx tsx bench/instrumentation-overhead.ts
 *
 * BENCH_ROUNDS (default 2: four runs of each way) and BENCH_TASKS (passed on, default 400) change the size;
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG are passed on to the instrumented runs (e.g.
 * `parentbased_traceidratio` and 0.1, a tenth of the traces recorded, as an operator would run it).
 * Issue 37's goal is a difference of at most 3 %; the load average is printed beside it, as the figure means
 * little on a busy machine.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './support/app-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TASKS = process.env.BENCH_TASKS ?? '400';

let exportedBytes = 0;
let exports = 0;
const collector = createServer((request, response) => {
  request.on('data', (chunk: Buffer) => {
    exportedBytes += chunk.length;
  });
  request.on('end', () => {
    exports += 1;
    // An empty ExportTraceServiceResponse: every span accepted.
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

type Way = 'bare' | 'instrumented';
interface Figures {
  direct: number;
  queue: number;
  /** The bench process's CPU milliseconds a task, direct and through the queue. */
  directCpu: number;
  queueCpu: number;
}

function run(way: Way): Promise<Figures> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_TASKS: TASKS, BENCH_LATENCY_MS: '0' };
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (way === 'bare') env.BENCH_METRICS = 'off';
  else env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', path.join(REPO_ROOT, 'bench/queue-overhead.ts')], {
      env,
      cwd: REPO_ROOT,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      const rate = (label: string) =>
        Number(new RegExp(`${label}:\\s+[\\d.]+ s\\s+([\\d.]+) tasks/s`).exec(output)?.[1]);
      const cpu = (label: string) =>
        Number(new RegExp(`${label}:[^\\n]*CPU ([\\d.]+) ms a task`).exec(output)?.[1]);
      const figures = {
        direct: rate('direct runTask, one at a time'),
        queue: rate('queue, instant provider'),
        directCpu: cpu('direct runTask, one at a time'),
        queueCpu: cpu('queue, instant provider'),
      };
      if (code !== 0 || Object.values(figures).some(Number.isNaN)) {
        reject(new Error(`queue bench (${way}) exited with ${code}:\n${output}`));
      } else resolve(figures);
    });
  });
}

const results: Record<Way, Figures[]> = { bare: [], instrumented: [] };
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  for (const way of ['bare', 'instrumented', 'instrumented', 'bare'] as const) {
    loads.push(loadavg()[0] ?? 0);
    const figures = await run(way);
    results[way].push(figures);
    console.log(
      `  ${way.padEnd(12)} direct ${figures.direct.toFixed(1)} tasks/s (CPU ${figures.directCpu.toFixed(2)} ms a task), ` +
        `queue ${figures.queue.toFixed(1)} tasks/s (CPU ${figures.queueCpu.toFixed(2)} ms a task)`,
    );
  }
}
collector.close();

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
console.log(
  `Instrumentation overhead (${TASKS} text analyses a run, ${ROUNDS * 2} runs each way, load average ` +
    `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; sampler ` +
    `${process.env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on'} ${process.env.OTEL_TRACES_SAMPLER_ARG ?? ''}; ${exports} OTLP exports, ` +
    `${(exportedBytes / 1024 / 1024).toFixed(1)} MB of spans)`,
);
const medianOf = (way: Way, figure: keyof Figures) => median(results[way].map((figures) => figures[figure]));
for (const part of ['direct', 'queue'] as const) {
  const bare = medianOf('bare', part);
  const instrumented = medianOf('instrumented', part);
  const difference = ((bare - instrumented) / bare) * 100;
  const cpu = `${part}Cpu` as const;
  const cpuMore = ((medianOf('instrumented', cpu) - medianOf('bare', cpu)) / medianOf('bare', cpu)) * 100;
  console.log(
    `  ${part === 'direct' ? 'direct pipeline' : 'through the queue'}: without ${bare.toFixed(1)} tasks/s, ` +
      `with metrics and traces ${instrumented.toFixed(1)} tasks/s: ${difference.toFixed(1)} % slower (goal ≤ 3 %); ` +
      `CPU ${medianOf('bare', cpu).toFixed(2)} → ${medianOf('instrumented', cpu).toFixed(2)} ms a task (${cpuMore.toFixed(1)} % more)`,
  );
}
