import { Grid, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../shared/api/auth';
import { NoPermission } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { LoadingState } from '../../shared/components/States';
import { Toast, useToast } from '../../shared/components/Toast';
import { AssignPlan } from './AssignPlan';
import { useAdminProjects, useAdminTariffs, usePendingTopUps } from './api';
import { ManualAdjustment } from './ManualAdjustment';
import { PendingTopUps } from './PendingTopUps';
import { ProjectBalances } from './ProjectBalances';
import { SessionLifetimes } from './SessionLifetimes';
import { StarterUnits } from './StarterUnits';
import { TariffPlans } from './TariffPlans';
import { UsersSection } from './UsersSection';

/** /admin/super: the super admin's billing console. Everyone else sees 'no permission'. */
export default function SuperAdminPage() {
  const { t } = useTranslation();
  const me = useMe();
  const allowed = Boolean(me.data?.is_super_admin);
  const pending = usePendingTopUps(allowed);
  const tariffs = useAdminTariffs(allowed);
  const projects = useAdminProjects(allowed);
  const { toast, show, close } = useToast();

  if (me.isPending) return <LoadingState />;
  if (!allowed) return <NoPermission description={t('permission.superAdminOnly')} />;

  return (
    <Page title={t('nav.superAdmin')} subtitle={t('admin.subtitle')}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('admin.billingSection')}
      </Typography>
      <Stack spacing={3}>
        <PendingTopUps query={pending} onToast={show} />
        <ProjectBalances query={projects} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <AssignPlan projects={projects.data ?? []} plans={tariffs.data ?? []} onToast={show} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ManualAdjustment projects={projects.data ?? []} onToast={show} />
          </Grid>
        </Grid>
        <StarterUnits query={tariffs} onToast={show} />
        <TariffPlans query={tariffs} onToast={show} />
      </Stack>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        {t('adminUsers.section')}
      </Typography>
      <UsersSection onToast={show} />
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        {t('sessions.lifetimes.section')}
      </Typography>
      <SessionLifetimes onToast={show} />
      <Toast toast={toast} onClose={close} />
    </Page>
  );
}
