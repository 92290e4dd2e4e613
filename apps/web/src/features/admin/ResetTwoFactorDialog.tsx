import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { ToastMessage } from '../../shared/components/Toast';
import { type AdminUserRow, useResetUserTwoFactor } from './usersApi';

/**
 * Super admin: asks before resetting the two-factor sign-in of an account that lost every factor (the person is
 * signed out everywhere and sets it up again), reminding to check who asks first.
 */
export function ResetTwoFactorDialog({
  user,
  onClose,
  onToast,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onToast: (toast: ToastMessage) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('adminUsers');
  const reset = useResetUserTwoFactor();
  const name = user.name || user.email;

  const confirm = () => {
    reset.mutate(user.id, {
      onSuccess: () => onToast({ severity: 'success', text: t('adminUsers.twoFactorReset.done', { name }) }),
      onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open
      title={t('adminUsers.twoFactorReset.title', { name })}
      message={
        <>
          {t('adminUsers.twoFactorReset.consequences', { name })}
          <Box component="strong" sx={{ display: 'block', mt: 1.5 }}>
            {t('adminUsers.twoFactorReset.checkIdentity')}
          </Box>
        </>
      }
      confirmLabel={t('adminUsers.twoFactorReset.confirm')}
      onConfirm={confirm}
      onClose={onClose}
      busy={reset.isPending}
      destructive
    />
  );
}
