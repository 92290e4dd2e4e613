/** One line of the soak's table: a figure, its goal, and whether the goal was met. */
export interface Figure {
  scenario: string;
  figure: string;
  value: string;
  goal: string;
  met: boolean;
  /** A time-based goal: in the small form (a busy CI machine) it is printed but does not fail the run. */
  timing?: boolean;
}

/** Prints the figures as a table; answers whether the run failed (a goal missed that counts). */
export function printTable(figures: Figure[], strictTiming: boolean): boolean {
  const rows = figures.map((f) => [
    f.scenario,
    f.figure,
    f.value,
    f.goal,
    f.met ? 'ok' : f.timing && !strictTiming ? 'MISSED (timing, not failing)' : 'MISSED',
  ]);
  const header = ['scenario', 'figure', 'measured', 'goal', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  return figures.some((f) => !f.met && (strictTiming || !f.timing));
}
