import { Box, Paper, Typography } from '@mui/material';
import type { Project } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberRoleChip } from '../../shared/components/RoleChip';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The project's settings at a glance: role, time zone (the dashboards' days), the viewer's role, created. */
export function ProjectDetails({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, mt: 3 }}
      component="section"
      aria-label={t('projectDashboard.details')}
    >
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
        <Typography variant="overline" color="textSecondary">
          {t('projectDashboard.description')}
        </Typography>
        <Typography
          sx={{ whiteSpace: 'pre-wrap' }}
          color={project.description ? 'textPrimary' : 'textSecondary'}
        >
          {project.description || t('projectDashboard.noDescription')}
        </Typography>
      </Box>
    </Paper>
  );
}
