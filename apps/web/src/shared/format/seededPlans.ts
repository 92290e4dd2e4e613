import { type SeededPlanText, seededPlanKey } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A plan's name and description as the user reads them: translated while they are still the texts the
 * app seeded (SEEDED_PLANS), as stored once a super admin has changed them.
 */
export function useSeededPlanText() {
  const { t } = useTranslation();
  const text = (part: SeededPlanText) => (stored: string) => {
    const key = seededPlanKey(part, stored);
    return key ? t(`seeded.plans.${key}.${part}`) : stored;
  };
  return { name: text('name'), description: text('description') };
}
