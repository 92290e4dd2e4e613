import { Box, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A thin bar above a list while it is read again; its height stays, so the list does not jump. */
export function FetchingBar({ active, label }: { active: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: 4 }}>
      {active ? <LinearProgress aria-label={label ?? t('common.loading')} /> : null}
    </Box>
  );
}
