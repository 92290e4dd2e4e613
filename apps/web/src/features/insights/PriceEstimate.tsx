import { Typography } from '@mui/material';
import { fromMilliUnits, insightUnitsMilli, type ModelInfo, type Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatUnitsMilli } from '../../shared/format/analytics';
import { formatMoney, priceOfUnits } from '../../shared/format/money';

/** What asking costs on the chosen model, in units (and in money at the project's plan rate when known). */
export function PriceEstimate({ model, project }: { model: ModelInfo | undefined; project: Project }) {
  const { t, i18n } = useTranslation();
  if (!model) return null;
  const milli = insightUnitsMilli(model.units);
  const units = formatUnitsMilli(milli, i18n.language);
  const count = fromMilliUnits(milli);
  const plan = project.tariff_plan;
  const price = plan ? priceOfUnits(count, plan.price_per_minute) : null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="insight-price">
      {price === null
        ? t('insights.form.price', { count, units })
        : t('insights.form.priceWithMoney', {
            count,
            units,
            money: formatMoney(price, project.currency ?? plan?.currency, i18n.language),
          })}
    </Typography>
  );
}
