import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignInWithLink } from '../../shared/api/authFlows';
import { EmailLinkSignIn } from './EmailLinkSignIn';

/**
 * /sign-in-link?token=… (emailed when the right password was given while sign-in from unknown browsers is
 * locked): signs in and opens the app; this browser is known to the account from then on.
 */
export default function SignInLinkPage() {
  const { t } = useTranslation();
  return (
    <EmailLinkSignIn
      signIn={useSignInWithLink()}
      title={t('auth.signInLink.title')}
      signingIn={t('auth.signInLink.signingIn')}
      invalid={t('auth.signInLink.invalid')}
      missingToken={t('auth.signInLink.missingToken')}
      actions={
        <Button component={RouterLink} to="/login" variant="contained">
          {t('auth.confirm.signIn')}
        </Button>
      }
    />
  );
}
