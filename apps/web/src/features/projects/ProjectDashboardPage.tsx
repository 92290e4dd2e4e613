import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { isNavItemVisible, isProjectManager, NAV_ITEMS } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NAV_ICONS } from '../../app/navIcons';
import { Page } from '../../shared/components/Page';
import { useMe } from '../auth/api';
import { LeaveProjectButton } from './LeaveProjectButton';
import { useCurrentProject } from './ProjectGuard';
import { MemberRoleChip } from './RoleChip';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** /projects/:id/dashboard: the project's overview and the way into its areas. */
export default function ProjectDashboardPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const { data: user } = useMe();
  const viewer = {
    isSuperAdmin: user?.is_super_admin ?? false,
    isSupport: user?.role === 'support',
    projectRole: project.my_role,
  };
  const areas = NAV_ITEMS.filter(
    (item) => item.scope === 'project' && item.key !== 'dashboard' && isNavItemVisible(item, viewer),
  );

  // Managers edit the project (and leave it from Team Members); other members may leave it here. Support
  // staff reading the project through a grant do neither.
  let actions: React.ReactNode;
  if (project.read_only || !user) actions = undefined;
  else if (isProjectManager(project.my_role)) {
    actions = (
      <Button
        component={RouterLink}
        to={`/projects/${project.id}/edit`}
        variant="outlined"
        startIcon={<EditOutlinedIcon />}
      >
        {t('projectDashboard.edit')}
      </Button>
    );
  } else actions = <LeaveProjectButton project={project} userId={user.id} />;

  return (
    <Page title={project.name} subtitle={t('projectDashboard.subtitle')} actions={actions}>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('projectDashboard.details')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            <Detail label={t('projectDashboard.role')}>{t(`projectRoles.${project.role}`)}</Detail>
            <Detail label={t('projectDashboard.timezone')}>{project.timezone}</Detail>
            <Detail label={t('projectDashboard.myRole')}>
              <MemberRoleChip role={project.my_role} />
            </Detail>
            <Detail label={t('projectDashboard.created')}>
              {new Date(project.created_at).toLocaleDateString(i18n.language)}
            </Detail>
          </Box>
          <Box sx={{ mt: 2 }}>
            <Typography variant="overline" color="text.secondary">
              {t('projectDashboard.description')}
            </Typography>
            <Typography
              sx={{ whiteSpace: 'pre-wrap' }}
              color={project.description ? 'text.primary' : 'text.secondary'}
            >
              {project.description || t('projectDashboard.noDescription')}
            </Typography>
          </Box>
        </Paper>
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('projectDashboard.areas')}
          </Typography>
          <Grid container spacing={2}>
            {areas.map((item) => (
              <Grid key={item.key} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={`/projects/${project.id}/${item.path}`}
                    sx={{ height: '100%' }}
                    data-testid={`area-${item.key}`}
                  >
                    <CardContent>
                      <Stack
                        direction="row"
                        spacing={1.5}
                        sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}
                      >
                        {NAV_ICONS[item.key]}
                        <Typography
                          variant="subtitle1"
                          component="h3"
                          sx={{ fontWeight: 600, color: 'text.primary' }}
                        >
                          {t(`nav.${item.key}`)}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {t(`placeholder.descriptions.${item.key}`)}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      </Stack>
    </Page>
  );
}
