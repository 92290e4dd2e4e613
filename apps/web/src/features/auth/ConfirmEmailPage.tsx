import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirmEmail } from '../../shared/api/authFlows';
import { EmailLinkSignIn } from './EmailLinkSignIn';

/** /confirm-email?token=… (the link of a confirmation email): confirms the account, signs in, opens the app. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  return (
    <EmailLinkSignIn
      signIn={useConfirmEmail()}
      title={t('auth.confirm.title')}
      signingIn={t('auth.confirm.confirming')}
      invalid={t('auth.confirm.invalid')}
      missingToken={t('auth.confirm.missingToken')}
      actions={
        <>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('auth.confirm.signIn')}
          </Button>
          <Button component={RouterLink} to="/signup" variant="outlined">
            {t('auth.confirm.signUpAgain')}
          </Button>
        </>
      }
    />
  );
}
