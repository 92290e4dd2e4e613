import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../shared/components/States';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('notFound.action')}
        </Button>
      }
    />
  );
}
