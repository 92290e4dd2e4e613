import { z } from 'zod';

// The spec lets some answers arrive in several shapes (other key names, lists under different keys). The
// server sends one; the web accepts them all through a route's `accepts` schema, built with these helpers,
// so the tolerance lives here once instead of in each feature.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema`, also taking the spec's other names of its keys: `{ id: ['ID', 'promptId'] }` (first present wins). */
export function withAliases<T extends z.ZodType>(schema: T, aliases: Record<string, readonly string[]>) {
  return z.preprocess((value) => {
    if (!isObject(value)) return value;
    const copy: Record<string, unknown> = { ...value };
    for (const [key, others] of Object.entries(aliases)) {
      if (copy[key] !== undefined) continue;
      const found = others.find((other) => copy[other] !== undefined);
      if (found !== undefined) copy[key] = copy[found];
    }
    return copy;
  }, schema);
}

/** The value at a dotted path ('data.invoices') of an answer, or undefined. */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * `{ data: T[] }` from a list that may arrive bare or under any of `paths` (e.g. 'data', 'invoices',
 * 'data.invoices'); items the item schema refuses are left out (spec: only valid items are shown), and an
 * answer without a list is refused.
 */
export function tolerantList<T extends z.ZodType>(item: T, paths: readonly string[]) {
  return z.preprocess(
    (value) => {
      const list = Array.isArray(value) ? value : paths.map((path) => at(value, path)).find(Array.isArray);
      // No list anywhere: left as it is, so the answer is refused.
      if (!list) return value;
      return { data: list.filter((entry) => item.safeParse(entry).success) };
    },
    z.object({ data: z.array(item) }),
  );
}

/** `{ data: X }` that may also arrive as X itself (its fields at the top of the answer). */
export function maybeUnderData<T extends z.ZodType>(data: T) {
  return z.preprocess(
    (value) => (isObject(value) && !isObject(value.data) ? { data: value } : value),
    z.object({ data }),
  );
}
