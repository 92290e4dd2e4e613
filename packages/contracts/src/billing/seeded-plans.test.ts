import { describe, expect, it } from 'vitest';
import { SEEDED_PLANS, seededPlanKey } from './seeded-plans.ts';

describe('seededPlanKey', () => {
  it('finds the seeded plan of a name or a description, and nothing for other texts', () => {
    expect(seededPlanKey('name', 'Pay as you go')).toBe('payAsYouGo');
    expect(seededPlanKey('description', SEEDED_PLANS.trial.description)).toBe('trial');
    expect(seededPlanKey('name', SEEDED_PLANS.trial.description)).toBeNull();
    expect(seededPlanKey('name', 'starter')).toBeNull();
    expect(seededPlanKey('name', 'Starter ')).toBeNull();
  });
});
