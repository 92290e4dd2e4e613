import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAV_ICONS } from '../../app/navIcons';
import { Page } from '../../shared/components/Page';

/** An area that is not built yet: its title, what it will do, and a 'coming soon' note. */
export default function PlaceholderPage({ navKey }: { navKey: string }) {
  const { t } = useTranslation();
  const { tab } = useParams();
  return (
    <Page title={t(`nav.${navKey}`)} subtitle={tab ? t('placeholder.tab', { tab }) : undefined}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 } }} data-testid="placeholder-page">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Stack sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
            {NAV_ICONS[navKey] ?? <ConstructionOutlinedIcon />}
          </Stack>
          <Chip label={t('placeholder.comingSoon')} color="primary" variant="outlined" />
          <Typography variant="body1" sx={{ maxWidth: 560 }}>
            {t(`placeholder.descriptions.${navKey}`)}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 560 }}>
            {t('placeholder.explanation')}
          </Typography>
        </Stack>
      </Paper>
    </Page>
  );
}
