import type { InsightFilters } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDayRange } from '../../shared/format/analytics';

/** The filters an insight was asked with, as short texts (history summary, chips of the answer). */
export function useFilterTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (filters: InsightFilters): string[] => {
      const { department, representative, start_date: start, end_date: end } = filters;
      const texts: string[] = [];
      if (filters.prompt_id !== null) texts.push(filters.prompt_name ?? `#${filters.prompt_id}`);
      if (start && end) texts.push(formatDayRange(start, end, language));
      else if (start) texts.push(t('insights.filters.since', { day: formatDay(start, language) }));
      else if (end) texts.push(t('insights.filters.until', { day: formatDay(end, language) }));
      if (department.length)
        texts.push(
          t('insights.filters.departments', { count: department.length, names: department.join(', ') }),
        );
      if (representative.length)
        texts.push(
          t('insights.filters.representatives', {
            count: representative.length,
            names: representative.join(', '),
          }),
        );
      if (filters.search) texts.push(t('insights.search.filter', { phrase: filters.search }));
      return texts;
    },
    [t, language],
  );
}
