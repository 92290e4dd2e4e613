/**
 * Round-robin with a weekly goal (pure: the sampling run gives it what it read). Each picked analysis, in the
 * order picked, goes to the eligible reviewer with the fewest assignments this week (from any rule), ties to
 * the lowest user id; a reviewer who has this rule's weekly goal of assignments this week is skipped. An
 * analysis nobody can take stays unassigned.
 */
export interface AssignInput {
  /** The picked analyses in order, each with the reviewers who may review it. */
  analyses: ReadonlyArray<{ taskId: number; eligible: readonly number[] }>;
  /** Assignments of each reviewer this week, from every rule. */
  weekLoad: ReadonlyMap<number, number>;
  /** Assignments of each reviewer this week from this rule. */
  ruleLoad: ReadonlyMap<number, number>;
  /** Most assignments this rule gives one reviewer a week (null: no limit). */
  weeklyGoal: number | null;
}

export interface AssignOutput {
  assigned: Array<{ taskId: number; reviewerId: number }>;
  unassigned: number[];
}

export function assignRoundRobin(input: AssignInput): AssignOutput {
  const weekLoad = new Map(input.weekLoad);
  const ruleLoad = new Map(input.ruleLoad);
  const assigned: AssignOutput['assigned'] = [];
  const unassigned: number[] = [];
  for (const { taskId, eligible } of input.analyses) {
    let best: number | null = null;
    for (const reviewerId of eligible) {
      if (input.weeklyGoal !== null && (ruleLoad.get(reviewerId) ?? 0) >= input.weeklyGoal) continue;
      if (best === null) {
        best = reviewerId;
        continue;
      }
      const load = weekLoad.get(reviewerId) ?? 0;
      const bestLoad = weekLoad.get(best) ?? 0;
      if (load < bestLoad || (load === bestLoad && reviewerId < best)) best = reviewerId;
    }
    if (best === null) {
      unassigned.push(taskId);
      continue;
    }
    assigned.push({ taskId, reviewerId: best });
    weekLoad.set(best, (weekLoad.get(best) ?? 0) + 1);
    ruleLoad.set(best, (ruleLoad.get(best) ?? 0) + 1);
  }
  return { assigned, unassigned };
}
