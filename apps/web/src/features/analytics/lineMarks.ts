/** Longest series every point of which gets a mark; beyond, the line alone reads better. */
const MARK_ALL_UP_TO = 31;

/**
 * The `showMark` of a line series. A line needs two neighbouring values, so a value alone (the only one,
 * or between gaps) is drawn only by its mark: such values are always marked.
 */
export function lineMarks(
  values: ReadonlyArray<number | null>,
): true | ((item: { index: number }) => boolean) {
  if (values.length <= MARK_ALL_UP_TO) return true;
  return ({ index }) => (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null;
}
