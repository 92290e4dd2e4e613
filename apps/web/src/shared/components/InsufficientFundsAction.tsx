import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { Box, Button } from '@mui/material';
import { hasRoleAtLeast, type Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The way forward under an 'insufficient funds' message: the project's billing page for its admins and
 * owners (who may open it), else whom to ask.
 */
export function InsufficientFundsAction({ project }: { project: Pick<Project, 'id' | 'my_role'> }) {
  const { t } = useTranslation();
  if (!hasRoleAtLeast(project.my_role, 'admin')) {
    return <Box sx={{ mt: 1 }}>{t('billing.insufficientFunds.askManager')}</Box>;
  }
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        component={RouterLink}
        to={`/projects/${project.id}/billing`}
        color="inherit"
        size="small"
        variant="outlined"
        startIcon={<AccountBalanceWalletOutlinedIcon />}
        data-testid="insufficient-funds-billing"
      >
        {t('billing.insufficientFunds.openBilling')}
      </Button>
    </Box>
  );
}
