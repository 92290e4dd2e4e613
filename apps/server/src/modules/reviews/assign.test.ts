import { describe, expect, it } from 'vitest';
import { assignRoundRobin } from './assign.ts';

const analyses = (count: number, eligible: number[]) =>
  Array.from({ length: count }, (_, i) => ({ taskId: 100 + i, eligible }));

describe('assignRoundRobin', () => {
  it('alternates between reviewers of equal load, the lower id first', () => {
    const out = assignRoundRobin({
      analyses: analyses(4, [7, 3]),
      weekLoad: new Map(),
      ruleLoad: new Map(),
      weeklyGoal: null,
    });
    expect(out.assigned.map((a) => a.reviewerId)).toEqual([3, 7, 3, 7]);
    expect(out.unassigned).toEqual([]);
  });

  it('gives the least loaded reviewer (assignments of any rule this week) first', () => {
    const out = assignRoundRobin({
      analyses: analyses(3, [1, 2]),
      weekLoad: new Map([[1, 2]]),
      ruleLoad: new Map(),
      weeklyGoal: null,
    });
    expect(out.assigned.map((a) => a.reviewerId)).toEqual([2, 2, 1]);
  });

  it("skips reviewers who met this rule's weekly goal and leaves the rest unassigned", () => {
    const out = assignRoundRobin({
      analyses: analyses(5, [1, 2]),
      weekLoad: new Map(),
      ruleLoad: new Map([[1, 1]]),
      weeklyGoal: 2,
    });
    expect(out.assigned.map((a) => a.reviewerId)).toEqual([1, 2, 2]);
    expect(out.unassigned).toEqual([103, 104]);
  });

  it('assigns an analysis only to a reviewer eligible for it', () => {
    const out = assignRoundRobin({
      analyses: [
        { taskId: 1, eligible: [5] },
        { taskId: 2, eligible: [] },
        { taskId: 3, eligible: [5, 6] },
      ],
      weekLoad: new Map(),
      ruleLoad: new Map(),
      weeklyGoal: null,
    });
    expect(out.assigned).toEqual([
      { taskId: 1, reviewerId: 5 },
      { taskId: 3, reviewerId: 6 },
    ]);
    expect(out.unassigned).toEqual([2]);
  });
});
