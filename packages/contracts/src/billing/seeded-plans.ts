/**
 * The tariff plans the billing migration seeds, under stable keys, with the exact English texts it stores.
 * A plan's name or description is shown translated while it is still one of these texts; once a super admin
 * renames a plan or rewrites its description, their text is shown as it is.
 */
export const SEEDED_PLANS = {
  payAsYouGo: {
    name: 'Pay as you go',
    description: 'No commitment: every unit is paid from the balance at the base rate.',
  },
  starter: {
    name: 'Starter',
    description: '1,000 units valid for 30 days; further units at the base rate.',
  },
  team: {
    name: 'Team',
    description: '5,000 units valid for 30 days; further units at a reduced rate.',
  },
  trial: {
    name: 'Trial',
    description: '60 free units valid for 14 days, assigned by an administrator.',
  },
} as const;

export type SeededPlanKey = keyof typeof SEEDED_PLANS;
export type SeededPlanText = keyof (typeof SEEDED_PLANS)[SeededPlanKey];

/** The seeded plan whose `part` (name or description) is `text`; null for any other text. */
export function seededPlanKey(part: SeededPlanText, text: string): SeededPlanKey | null {
  const keys = Object.keys(SEEDED_PLANS) as SeededPlanKey[];
  return keys.find((key) => SEEDED_PLANS[key][part] === text) ?? null;
}
