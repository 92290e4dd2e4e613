import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { LvaOption, ModelInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber, unitsBreakdown } from './units';

/** Units summary of the basic settings (spec 1 §2.2, §9): model units + LVA surcharge, and model limits. */
export function UnitsSummary({ model, lva }: { model: ModelInfo | undefined; lva: LvaOption }) {
  const { t, i18n } = useTranslation();
  const units = unitsBreakdown(model, lva);
  const number = (value: number) => formatNumber(value, i18n.language);
  const rows: Array<[string, string, string]> = [
    ['model-units', t('prompts.units.modelUnits'), number(units.model)],
    ['lva-surcharge', t('prompts.units.lvaSurcharge'), number(units.surcharge)],
  ];
  const limits: Array<[string, string, string]> = [
    ['max-tokens', t('prompts.units.maxTokens'), model ? number(model.max_tokens) : '—'],
    ['context-window', t('prompts.units.contextWindow'), model ? number(model.context_window) : '—'],
  ];
  const line = ([id, label, value]: [string, string, string]) => (
    <Stack key={id} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={`units-${id}`}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Card variant="outlined" data-testid="units-summary" sx={{ bgcolor: 'background.default' }}>
      <CardContent>
        <Typography variant="overline" color="textSecondary">
          {t('prompts.units.title')}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mb: 1 }}>
          <Typography variant="h4" component="p" data-testid="units-total">
            {number(units.total)}
          </Typography>
          <Typography color="textSecondary">{t('prompts.units.perMinute')}</Typography>
        </Stack>
        <Stack spacing={0.5}>{rows.map(line)}</Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack spacing={0.5}>{limits.map(line)}</Stack>
        {model ? null : (
          <Box sx={{ mt: 1 }}>
            <Typography variant="caption" color="textSecondary">
              {t('prompts.units.unknownModel')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
