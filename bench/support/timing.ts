/**
 * Times `run` as the benches report a query: the first call (nothing of its rows cached by earlier cases), then
 * p50, p95 and the slowest of `runs` calls after two warm-ups (the first call being one of them).
 */
export async function timeRuns(
  run: () => Promise<unknown>,
  runs: number,
): Promise<{ first: number; p50: number; p95: number; max: number }> {
  const began = performance.now();
  await run();
  const first = performance.now() - began;
  await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (index: number) => samples[Math.min(samples.length - 1, index)] ?? Number.NaN;
  return {
    first,
    p50: at(Math.floor(samples.length / 2)),
    p95: at(Math.floor(samples.length * 0.95)),
    max: at(samples.length - 1),
  };
}
