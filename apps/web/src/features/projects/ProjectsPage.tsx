import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Button,
  IconButton,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { isProjectManager } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useProjects } from '../../shared/app/projects';
import { Page } from '../../shared/components/Page';
import { MemberRoleChip } from '../../shared/components/RoleChip';
import { EmptyState, QueryContent } from '../../shared/components/States';

/** /dashboard: the viewer's projects. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const projects = useProjects();

  const createButton = (
    <Button component={RouterLink} to="/projects/new" variant="contained" startIcon={<AddIcon />}>
      {t('projects.create')}
    </Button>
  );

  const body = (
    <QueryContent
      query={projects}
      loadingLabel={t('projects.loading')}
      errorTitle={t('projects.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={<FolderOpenOutlinedIcon />}
          title={t('projects.emptyTitle')}
          description={t('projects.emptyDescription')}
          action={createButton}
        />
      }
    >
      {(data) => (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('projects.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('projects.columns.name')}</TableCell>
                <TableCell>{t('projects.columns.role')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('projects.columns.description')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('projects.columns.timezone')}
                </TableCell>
                <TableCell>{t('projects.columns.myRole')}</TableCell>
                <TableCell align="right">{t('projects.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((project) => (
                <TableRow key={project.id} hover data-testid={`project-row-${project.id}`}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/projects/${project.id}/dashboard`}
                      sx={{ fontWeight: 500 }}
                    >
                      {project.name}
                    </Link>
                  </TableCell>
                  <TableCell>{t(`projectRoles.${project.role}`)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 360 }}>
                    <Typography variant="body2" color="textSecondary" noWrap title={project.description}>
                      {project.description || '—'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{project.timezone}</TableCell>
                  <TableCell>
                    <MemberRoleChip role={project.my_role} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('projects.open')}>
                      <IconButton
                        component={RouterLink}
                        to={`/projects/${project.id}/dashboard`}
                        aria-label={t('projects.openNamed', { name: project.name })}
                      >
                        <OpenInNewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {isProjectManager(project.my_role) ? (
                      <Tooltip title={t('projects.edit')}>
                        <IconButton
                          component={RouterLink}
                          to={`/projects/${project.id}/edit`}
                          aria-label={t('projects.editNamed', { name: project.name })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </QueryContent>
  );

  return (
    <Page
      title={t('projects.title')}
      subtitle={t('projects.subtitle')}
      actions={projects.isSuccess && projects.data.length > 0 ? createButton : undefined}
    >
      {body}
    </Page>
  );
}
