import type { Counter, Histogram } from 'prom-client';

/**
 * A metric's value summed over its series whose labels include `labels` (of a histogram: how many
 * observations), as this process's registry holds it now.
 */
export async function metricValue(
  metric: Counter | Histogram,
  labels: Record<string, string | number> = {},
): Promise<number> {
  const { name, values } = await metric.get();
  return (values as Array<(typeof values)[number] & { metricName?: string }>)
    .filter((value) => value.metricName === undefined || value.metricName === `${name}_count`)
    .filter((value) =>
      Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === String(wanted)),
    )
    .reduce((sum, value) => sum + value.value, 0);
}
