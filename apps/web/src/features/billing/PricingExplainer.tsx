import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate, priceOfUnits } from '../../shared/format/money';

function FeatureCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {text}
      </Typography>
    </Paper>
  );
}

/** The explainer of how usage is priced, with examples computed from the real rate. */
export function PricingExplainer({
  rate,
  currency,
  ready,
}: {
  rate: number;
  currency: string;
  ready: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rateText = formatRate(rate, currency, language);
  const cost = (units: number) => {
    const price = priceOfUnits(units, rate);
    return price === null ? '—' : formatMoney(price, currency, language);
  };
  const value = (text: string) =>
    ready ? text : <Skeleton variant="text" width={60} sx={{ display: 'inline-block' }} />;

  return (
    <Card data-testid="pricing-explainer">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('billing.pricing.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {t('billing.pricing.intro')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2, mb: 2, bgcolor: 'background.default' }}>
          <Typography variant="body2" color="textSecondary">
            {t('billing.pricing.baseRate')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="pricing-rate">
            {value(rateText)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('billing.pricing.perUnit')}
          </Typography>
        </Paper>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('billing.pricing.examplesTitle')}
        </Typography>
        <List dense disablePadding sx={{ mb: 2 }}>
          <ListItem disableGutters data-testid="example-audio">
            <ListItemText primary={t('billing.pricing.exampleAudio', { rate: rateText, cost: cost(10) })} />
          </ListItem>
          <ListItem disableGutters data-testid="example-text">
            <ListItemText primary={t('billing.pricing.exampleText', { rate: rateText, cost: cost(5) })} />
          </ListItem>
        </List>

        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<InsightsIcon />}
              title={t('billing.pricing.preciseTitle')}
              text={t('billing.pricing.preciseText')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<SavingsOutlinedIcon />}
              title={t('billing.pricing.predictableTitle')}
              text={t('billing.pricing.predictableText')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<BoltIcon />}
              title={t('billing.pricing.realtimeTitle')}
              text={t('billing.pricing.realtimeText')}
            />
          </Grid>
        </Grid>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('billing.pricing.pointsTitle')}
        </Typography>
        <List dense disablePadding sx={{ mb: 2 }}>
          {[
            t('billing.pricing.pointBaseRate', { rate: rateText }),
            t('billing.pricing.pointFreeUnits'),
            t('billing.pricing.pointModelRates'),
            t('billing.pricing.pointValidity'),
          ].map((text) => (
            <ListItem disableGutters key={text}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutlineIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
        <Alert severity="info">{t('billing.pricing.help')}</Alert>
      </CardContent>
    </Card>
  );
}
