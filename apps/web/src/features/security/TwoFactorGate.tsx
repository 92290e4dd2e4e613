import SecurityIcon from '@mui/icons-material/Security';
import { Button } from '@mui/material';
import { hasRoleAtLeast } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useTwoFactorPolicy } from '../../shared/api/twoFactorPolicy';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { EmptyState } from '../../shared/components/States';

/**
 * In a project that requires two-factor sign-in, an admin or owner without a second factor is refused by
 * every route of the project (403 `two_factor_required`): instead of a page of errors they see why, and the
 * way to set it up. The project's policy answer tells (members below admin are never held). A layout route
 * inside ProjectGuard.
 */
export default function TwoFactorGate() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const policy = useTwoFactorPolicy(project.id, hasRoleAtLeast(project.my_role, 'admin'));
  const held = isApiError(policy.error, 403) && policy.error.code === 'two_factor_required';
  if (!held) return <Outlet />;
  return (
    <EmptyState
      icon={<SecurityIcon />}
      title={t('security.required.title')}
      description={t('security.required.description')}
      action={
        <Button component={RouterLink} to="/profile/security" variant="contained">
          {t('security.required.setUp')}
        </Button>
      }
    />
  );
}
