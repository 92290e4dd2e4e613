import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMe } from '../../shared/api/auth';
import { NoPermission } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { EmptyState, LoadingState, QueryContent } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useSupportProjects } from './api';

/** Hours left before `iso`, or null when it has passed. */
function hoursLeft(iso: string, now = Date.now()): number | null {
  const ms = new Date(iso).getTime() - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 3_600_000) : null;
}

/**
 * /support (support staff and super admins; others see 'no permission'): the projects whose owner granted
 * support access now, each opened read-only (the server refuses every write).
 */
export default function SupportPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const me = useMe();
  const allowed = Boolean(me.data?.is_super_admin || me.data?.role === 'support');
  const query = useSupportProjects(allowed);

  if (me.isPending) return <LoadingState />;
  if (!allowed) return <NoPermission description={t('permission.supportOnly')} />;

  return (
    <Page title={t('nav.support')} subtitle={t('support.subtitle')}>
      <Stack spacing={2}>
        <Alert severity="info">{t('support.readOnlyNote')}</Alert>
        <QueryContent
          query={query}
          loadingLabel={t('support.loading')}
          errorTitle={t('support.loadError')}
          isEmpty={(projects) => projects.length === 0}
          empty={
            <EmptyState
              icon={<SupportAgentOutlinedIcon />}
              title={t('support.emptyTitle')}
              description={t('support.emptyHint')}
            />
          }
        >
          {(projects) => (
            <TableContainer component={Paper} variant="outlined">
              <Table aria-label={t('support.tableLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('support.columns.project')}</TableCell>
                    <TableCell>{t('support.columns.grantedBy')}</TableCell>
                    <TableCell>{t('support.columns.granted')}</TableCell>
                    <TableCell>{t('support.columns.expires')}</TableCell>
                    <TableCell align="right">{t('support.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {projects.map((project) => {
                    const left = hoursLeft(project.expires_at);
                    return (
                      <TableRow key={project.id} data-testid={`support-project-${project.id}`}>
                        <TableCell>
                          <Typography sx={{ fontWeight: 600 }}>{project.name}</Typography>
                          {project.description ? (
                            <Typography variant="body2" color="textSecondary">
                              {project.description}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell>
                          {project.granted_by ? project.granted_by.name || project.granted_by.email : '—'}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(project.granted_at, language)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <span>{formatDateTime(project.expires_at, language)}</span>
                            {left !== null ? (
                              <Chip
                                size="small"
                                variant="outlined"
                                color={left <= 24 ? 'warning' : 'default'}
                                label={
                                  left < 48
                                    ? t('support.hoursLeft', { hours: left })
                                    : t('support.daysLeft', { count: Math.floor(left / 24) })
                                }
                              />
                            ) : null}
                          </Stack>
                        </TableCell>
                        <TableCell align="right">
                          <Button
                            component={RouterLink}
                            to={`/projects/${project.id}/dashboard`}
                            variant="outlined"
                            size="small"
                            endIcon={<OpenInNewIcon fontSize="small" />}
                            aria-label={t('support.openNamed', { name: project.name })}
                          >
                            {t('support.open')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryContent>
      </Stack>
    </Page>
  );
}
